// The BFF reads request bodies with a limit counted while reading (issue 21, item 7): a body
// without Content-Length (chunked) is refused as soon as it passes the limit, and the rest of it
// is never pulled; a declared length beyond the limit is refused before reading.
import { describe, expect, it } from "vitest";
import { BodyTooLarge, readJson, readText } from "../../lib/bff/read-body";

/** A request whose body is an endless stream of `chunk`; `pulled()` says how much was read. */
function endless(chunk: Uint8Array, headers: Record<string, string> = {}) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const request = new Request("http://console.test/bff/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { request, pulled: () => pulled };
}

describe("readText", () => {
  it("refuses an endless chunked body once it passes the limit, having read no more than a chunk beyond it", async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x2c);
    const { request, pulled } = endless(chunk);
    await expect(readText(request, 8 * 1024 * 1024)).rejects.toBeInstanceOf(BodyTooLarge);
    expect(pulled()).toBeLessThanOrEqual(8 * 1024 * 1024 + 2 * chunk.byteLength);
  });

  it("refuses a declared Content-Length beyond the limit without reading", async () => {
    const { request, pulled } = endless(new Uint8Array(1024), { "content-length": String(9 * 1024 * 1024) });
    await expect(readText(request, 8 * 1024 * 1024)).rejects.toThrow("body larger than 8388608 bytes");
    expect(pulled()).toBeLessThanOrEqual(2 * 1024);
  });

  it("reads a body within the limit, UTF-8 split across chunks", async () => {
    const bytes = new TextEncoder().encode("nationalId,reason\n52998224725,ação");
    const parts = [bytes.subarray(0, bytes.length - 1), bytes.subarray(bytes.length - 1)];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of parts) controller.enqueue(p);
        controller.close();
      },
    });
    const request = new Request("http://console.test/x", { method: "POST", body, duplex: "half" } as RequestInit);
    expect(await readText(request, bytes.length)).toBe("nationalId,reason\n52998224725,ação");
    expect(await readJson(new Request("http://console.test/x", { method: "POST", body: '{"a":1}' }), 100)).toEqual({ a: 1 });
    expect(await readJson(new Request("http://console.test/x", { method: "POST", body: "{a" }), 100)).toBeNull();
    await expect(readJson(new Request("http://console.test/x", { method: "POST", body: "x".repeat(101) }), 100)).rejects.toBeInstanceOf(
      BodyTooLarge,
    );
  });
});
