// Request bodies of the BFF read with a byte limit counted while reading: a body beyond the limit
// is refused as soon as the limit is passed, with or without a Content-Length (a chunked body
// declares none), and the rest of it is never read. request.text() had read any body whole first.

/** The body passed its route's limit. */
export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`body larger than ${maxBytes} bytes`);
    this.name = "BodyTooLarge";
  }
}

/** The body as UTF-8 text, at most `maxBytes` bytes; a BodyTooLarge beyond them. */
export async function readText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyTooLarge(maxBytes);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder("utf-8");
  let size = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge(maxBytes);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** The body as JSON, at most `maxBytes` bytes; null when it is not JSON. */
export async function readJson(request: Request, maxBytes: number): Promise<unknown> {
  const text = await readText(request, maxBytes);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
