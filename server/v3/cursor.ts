import { createHmac, timingSafeEqual } from "node:crypto";

// Opaque page cursor of GET /api/v3/enrichments: the (createdAt, id) of the last item of a page,
// for keyset pagination ordered by created_at DESC, id DESC. Filters are not encoded (spec 4.4).
//
// Layout: base64url( "1:<createdAt ms>:<id>" ‖ tag ), where tag is the first 12 bytes of
// HMAC-SHA256(secret, "lupa-cursor\0" ‖ text). The tag stops clients from crafting cursors
// (probing arbitrary positions, or ids that are not theirs); the leading "1" lets the format
// change later while old cursors are still refused cleanly. createdAt has millisecond precision,
// so the list query must compare at that precision (store created_at in ms, or date_trunc it).

const VERSION = "1";
const TAG_BYTES = 12;
const MAX_ID_LENGTH = 200;
const MAX_CURSOR_LENGTH = 512;
const DOMAIN = "lupa-cursor\0";

export interface CursorPosition {
  createdAt: Date;
  id: string;
}

export function encodeCursor(position: CursorPosition, secret: string | Uint8Array): string {
  const ms = position.createdAt.getTime();
  if (!Number.isSafeInteger(ms) || ms < 0) throw new Error("cursor createdAt must be a valid date");
  if (position.id === "" || position.id.length > MAX_ID_LENGTH) throw new Error("cursor id is empty or too long");
  const text = Buffer.from(`${VERSION}:${ms}:${position.id}`, "utf8");
  return Buffer.concat([text, tag(text, secret)]).toString("base64url");
}

/** The position, or null for anything malformed, from another secret or another version. */
export function decodeCursor(cursor: unknown, secret: string | Uint8Array): CursorPosition | null {
  if (typeof cursor !== "string" || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const bytes = Buffer.from(cursor, "base64url");
  // Node's decoder tolerates odd trailing bits; only the canonical spelling is a valid cursor.
  if (bytes.toString("base64url") !== cursor || bytes.length <= TAG_BYTES) return null;
  const text = bytes.subarray(0, bytes.length - TAG_BYTES);
  if (!timingSafeEqual(bytes.subarray(bytes.length - TAG_BYTES), tag(text, secret))) return null;

  const match = /^1:(\d{1,15}):(.+)$/s.exec(text.toString("utf8"));
  if (!match) return null;
  const createdAt = new Date(Number(match[1]));
  const id = match[2]!;
  if (Number.isNaN(createdAt.getTime()) || id.length > MAX_ID_LENGTH) return null;
  return { createdAt, id };
}

function tag(text: Uint8Array, secret: string | Uint8Array): Buffer {
  if (secret.length === 0) throw new Error("cursor secret must not be empty");
  return createHmac("sha256", secret).update(DOMAIN).update(text).digest().subarray(0, TAG_BYTES);
}
