// Log lines for a terminal (issue 20): one short human-readable line per request when standard
// output is a terminal (or LUPA_LOG_FORMAT=pretty), JSON lines otherwise, masked either way.
import Fastify, { type FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/support/logger";
import { logFormatOf, PrettyLog } from "../../server/support/log-format";

async function requestWith(destination: { write(line: string): void }): Promise<void> {
  const log = createLogger("info", destination);
  const app = Fastify({ loggerInstance: log as unknown as FastifyBaseLogger });
  app.get("/api/v2/verifications/:id", async () => ({ ok: true }));
  await app.inject({ method: "GET", url: "/api/v2/verifications/abc" });
  log.warn({ module: "lawsuits", attempt: 2 }, "module failed for 123.456.789-09");
  log.error({ err: new Error("boom") }, "sweep failed");
  await app.close();
}

describe("log format", () => {
  it("is pretty for a terminal, JSON otherwise, and LUPA_LOG_FORMAT decides when set", () => {
    expect(logFormatOf(undefined, true)).toBe("pretty");
    expect(logFormatOf(undefined, false)).toBe("json");
    expect(logFormatOf(undefined, undefined)).toBe("json");
    expect(logFormatOf("json", true)).toBe("json");
    expect(logFormatOf(" Pretty ", false)).toBe("pretty");
    expect(() => logFormatOf("yaml", true)).toThrow(/LUPA_LOG_FORMAT must be json or pretty/);
  });

  it("pretty: one line per request (method, path, status, time), then readable events, masked", async () => {
    const out: string[] = [];
    await requestWith(new PrettyLog({ write: (t) => out.push(t) }));
    const lines = out.join("").trimEnd().split("\n");
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/api\/v2\/verifications\/abc 200 \d+ ms$/);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d WARN {2}module failed for \[document\] module=lawsuits attempt=2$/);
    expect(lines[2]).toMatch(/^\d\d:\d\d:\d\d ERROR sweep failed$/);
    expect(lines[3]).toBe("    Error: boom");
    expect(lines[4]).toMatch(/^ {4}at /);
    expect(out.join("")).not.toContain("{");
    expect(out.join("")).not.toContain("incoming request");
  });

  it("JSON: the request's two lines and every event as JSON objects", async () => {
    const out: string[] = [];
    await requestWith({ write: (t) => void out.push(t) });
    const objects = out
      .join("")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(objects.map((o) => o.msg)).toEqual(["incoming request", "request completed", "module failed for [document]", "sweep failed"]);
    expect(objects[1]).toMatchObject({ level: "info", res: { statusCode: 200 }, service: "lupa-api" });
  });
});
