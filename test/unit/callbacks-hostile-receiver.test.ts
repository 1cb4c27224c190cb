// A hostile callback receiver (issue 10, item 7): it answers a status, then streams a body that
// never ends. The delivery settles on the status and closes the socket at once; nothing of the
// endless body is kept.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ServerResponse } from "node:http";
import { deliverCallback } from "../../server/callbacks/deliver";
import { parseAllowList } from "../../server/callbacks/destination";
import { type HttpsReceiver, startHttpsReceiver } from "../support/https-receiver";

let receiver: HttpsReceiver;
beforeAll(async () => {
  receiver = await startHttpsReceiver();
});
afterAll(async () => {
  await receiver.close();
});

/** Answers `status`, then writes 64 KiB every 5 ms forever; resolves with what it wrote when the client closes. */
function endlessBody(status: number) {
  let closed!: (info: { written: number; at: number }) => void;
  const socketClosed = new Promise<{ written: number; at: number }>((r) => {
    closed = r;
  });
  receiver.setHandler((_req, res: ServerResponse) => {
    res.writeHead(status, { "content-type": "application/octet-stream" });
    let written = 0;
    const chunk = Buffer.alloc(64 * 1024, 120);
    const timer = setInterval(() => {
      if (res.destroyed || res.writableEnded) return;
      res.write(chunk);
      written += chunk.length;
    }, 5);
    res.on("close", () => {
      clearInterval(timer);
      closed({ written, at: Date.now() });
    });
  });
  return socketClosed;
}

const deliver = () =>
  deliverCallback({
    url: `${receiver.url}/hook`,
    headers: {},
    body: "{}",
    secretHex: "5e".repeat(32),
    allowList: parseAllowList(["127.0.0.1"]),
    ca: receiver.ca,
    timeoutMs: 10_000,
  });

it.each([
  [200, "delivered"],
  [500, "retry"],
  [410, "gone"],
] as const)("a %s with a body that never ends settles on the status and closes the socket at once", async (status, outcome) => {
  const closed = endlessBody(status);
  const started = Date.now();
  const result = await deliver();
  expect(result.outcome).toBe(outcome);
  expect(result.status).toBe(status);
  // the receiver sees its socket closed right after it sent the status (not when it gives up)
  const info = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 3000))]);
  expect(info, "the socket stayed open").not.toBeNull();
  expect(info!.at - started).toBeLessThan(3000);
  // what the receiver could push before the close is bounded by a few writes, not by time
  expect(info!.written).toBeLessThan(4 * 1024 * 1024);
});
