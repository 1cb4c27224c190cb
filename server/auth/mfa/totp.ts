// TOTP (RFC 6238 with otplib: SHA-1, 6 digits, 30-second steps), as every authenticator app reads
// it. A code is accepted one step either side of now (clock drift), and never twice: the step of the
// last code accepted is kept (user_factors.last_step).
import { authenticator } from "otplib";
import QRCode from "qrcode";

authenticator.options = { window: 1, step: 30, digits: 6 };

export const ISSUER = "Lupa";

export function newSecret(): string {
  return authenticator.generateSecret(20); // 160 bits, base32 (RFC 4226's recommendation)
}

export function otpauthUri(email: string, secret: string): string {
  return authenticator.keyuri(email, ISSUER, secret);
}

export function qrDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { errorCorrectionLevel: "M", margin: 2, width: 240 });
}

/** The time step of a valid code (not older than `lastStep`), else null. */
export function acceptedStep(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = authenticator.checkDelta(code, secret);
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / 30) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}
