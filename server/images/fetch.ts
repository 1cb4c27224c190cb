// Image intake for the vision providers (CNH reading, face match): an image arrives as base64 in
// the request or as an https URL that the service downloads. Either way it is capped in size and
// must be a JPEG or a PNG by its first bytes (the declared name or Content-Type is not trusted).
//
// A URL is fetched through the same destination guard as callbacks (server/callbacks): https
// only, no credentials, no private, loopback, link-local or metadata address (IP literals checked
// here, names checked after DNS resolution, on the connection's own lookup), no redirect
// followed, a total time limit and a byte limit counted while reading. Messages name the field,
// never the URL (its query may hold a token), nor what the other server answered.
import type { IncomingMessage } from "node:http";
import { request } from "node:https";
import { isIP } from "node:net";
import { rootCertificates } from "node:tls";
import { guardedLookup, REFUSED_DESTINATION_CODE } from "../callbacks/deliver";
import { type AllowList, isAllowListedHost, isRefusedAddress, normalizeHostname } from "../callbacks/destination";

export type ImageType = "image/jpeg" | "image/png";

export interface Image {
  bytes: Buffer;
  contentType: ImageType;
}

/**
 * An image the service refuses; the message is safe to answer (400) as is. `detail` (a download's
 * HTTP status or network error code) is for the log only: the answer says no more than that the
 * image could not be read, so the service tells nobody what another server answered.
 */
export class ImageRefused extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = "ImageRefused";
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** JPEG (FF D8 FF) or PNG (its 8-byte signature) by magic bytes; null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && PNG_SIGNATURE.equals(Buffer.from(bytes.subarray(0, 8)))) return "image/png";
  return null;
}

/**
 * Largest picture accepted, in pixels: a small file may declare a huge picture (decompression
 * bomb). 16 MP holds a phone camera's photo of a CNH or a selfie (12 MP, 4,032 x 3,024, and the
 * 16 MP of 4,608 x 3,456); the face model reads at most 1,024 px of it.
 */
export const MAX_IMAGE_PIXELS = 16_000_000;

/** Width and height from the header (PNG IHDR, JPEG start of frame), without decoding; null if absent. */
export function imageDimensions(bytes: Buffer, type: ImageType): { width: number; height: number } | null {
  if (type === "image/png") {
    if (bytes.length < 24 || bytes.toString("latin1", 12, 16) !== "IHDR") return null;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    } // fill byte
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    // start of frame: C0-CF except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    }
    if (marker === 0xda || marker === 0xd9) return null; // scan data or end before any frame header
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  return null;
}

function checked(bytes: Buffer, field: string, maxBytes: number): Image {
  if (bytes.length === 0) throw new ImageRefused(`${field}: the image is empty`);
  if (bytes.length > maxBytes) throw new ImageRefused(`${field}: the image is larger than ${maxBytes} bytes`);
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new ImageRefused(`${field}: the image must be a JPEG or a PNG`);
  const size = imageDimensions(bytes, contentType);
  if (!size || size.width === 0 || size.height === 0) throw new ImageRefused(`${field}: the image has no readable size in its header`);
  if (size.width * size.height > MAX_IMAGE_PIXELS)
    throw new ImageRefused(`${field}: the image is larger than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`);
  return { bytes, contentType };
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,/i;

/** Decodes `imageBase64` (plain base64, or a data: URL); checks size before decoding, then type. */
export function decodeBase64Image(text: string, field: string, maxBytes: number): Image {
  const payload = text.replace(DATA_URL, "").replace(/\s+/g, "");
  if (payload.length === 0) throw new ImageRefused(`${field}: the image is empty`);
  if (payload.length % 4 !== 0 || !BASE64.test(payload)) throw new ImageRefused(`${field} is not valid base64`);
  const padding = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  if ((payload.length / 4) * 3 - padding > maxBytes) throw new ImageRefused(`${field}: the image is larger than ${maxBytes} bytes`);
  return checked(Buffer.from(payload, "base64"), field, maxBytes);
}

export interface FetchImageOptions {
  allowList: AllowList;
  maxBytes: number;
  timeoutMs: number;
  /** Extra trusted CA (PEM) next to the default roots (tests, private CAs). */
  ca?: string;
}

/** Checks an image URL before any connection: https, no credentials, no refused literal address. */
export function checkImageUrl(value: string, field: string, allowList: AllowList): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ImageRefused(`${field} must be an absolute URL`);
  }
  if (url.protocol !== "https:") throw new ImageRefused(`${field} must use https`);
  if (url.username !== "" || url.password !== "") throw new ImageRefused(`${field} must not contain credentials`);
  const host = normalizeHostname(url.hostname);
  if (host === "") throw new ImageRefused(`${field} must have a host`);
  if (!isAllowListedHost(allowList, host)) {
    const refused = isIP(host) ? isRefusedAddress(host, allowList) : host === "localhost" || host.endsWith(".localhost");
    if (refused) throw new ImageRefused(`${field} points to a refused destination`);
  }
  return url;
}

/** Downloads an image; every refusal or failure is an ImageRefused with a message naming `field`. */
export async function fetchImage(value: string, field: string, options: FetchImageOptions): Promise<Image> {
  const url = checkImageUrl(value, field, options.allowList);
  const hostAllowed = isAllowListedHost(options.allowList, normalizeHostname(url.hostname));
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    let settled = false;
    const settle = (error: ImageRefused | null, body?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      if (error) reject(error);
      else resolve(body!);
    };
    const req = request(url, {
      method: "GET",
      headers: { Accept: "image/jpeg, image/png", "User-Agent": "Lupa-Images/1.0" },
      agent: false, // no pooled sockets: every download resolves and checks its destination afresh
      lookup: hostAllowed ? undefined : guardedLookup(options.allowList),
      ca: options.ca ? [...rootCertificates, options.ca] : undefined,
    });
    // total deadline: connect, TLS, headers and body
    const timer = setTimeout(
      () => settle(new ImageRefused(`${field}: the image could not be downloaded within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    const unreadable = (detail: string) => new ImageRefused(`${field}: the image could not be read`, detail);
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === REFUSED_DESTINATION_CODE) settle(new ImageRefused(`${field} points to a refused destination`));
      else settle(unreadable(err.code ?? "network error"));
    });
    req.on("response", (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) return settle(unreadable(`redirect (HTTP ${status}), not followed`));
      if (status !== 200) return settle(unreadable(`HTTP ${status}`));
      const declared = Number(res.headers["content-length"]);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        return settle(new ImageRefused(`${field}: the image is larger than ${options.maxBytes} bytes`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) return settle(new ImageRefused(`${field}: the image is larger than ${options.maxBytes} bytes`));
        chunks.push(chunk);
      });
      res.on("end", () => settle(null, Buffer.concat(chunks)));
      res.on("error", () => settle(unreadable("interrupted")));
    });
    req.end();
  });
  return checked(bytes, field, options.maxBytes);
}
