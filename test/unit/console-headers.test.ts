// The console's security headers as proxy.ts sets them on every kind of answer (page, redirect to
// sign-in, BFF 401): a per-request nonce CSP that is also handed to Next.js through the request
// headers, frame-ancestors 'none', Referrer-Policy, Permissions-Policy, and HSTS only over https.
// (e2e/headers.spec.ts checks the same on the running console, with Next.js's scripts.)
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";

vi.mock("server-only", () => ({})); // the marker module throws outside React Server Components

let proxy: (request: NextRequest) => Promise<Response>;
beforeAll(async () => {
  vi.stubEnv("NEXTAUTH_SECRET", "x".repeat(64)); // this file's only (the worker's process is shared)
  ({ proxy } = await import("../../proxy"));
});
afterAll(() => vi.unstubAllEnvs());

const get = (path: string, headers: Record<string, string> = {}) => proxy(new NextRequest(`http://127.0.0.1:5031${path}`, { headers }));

function expectHeaders(res: Response): string {
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{22,}' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("permissions-policy")).toContain("camera=()");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  return /'nonce-([^']+)'/.exec(csp)![1]!;
}

describe("proxy.ts security headers", () => {
  it("the login page gets the CSP, and Next.js gets the same nonce in the request headers", async () => {
    const res = await get("/login");
    const nonce = expectHeaders(res);
    expect(res.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
    expect(res.headers.get("x-middleware-request-content-security-policy")).toBe(res.headers.get("content-security-policy"));
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("a page without a session redirects to sign-in with the headers", async () => {
    const res = await get("/verifications");
    expect(res.status).toBe(307);
    expectHeaders(res);
  });

  it("the BFF's 401 carries them too", async () => {
    const res = await get("/bff/verifications");
    expect(res.status).toBe(401);
    expectHeaders(res);
  });

  it("each response has its own nonce", async () => {
    const a = expectHeaders(await get("/login"));
    const b = expectHeaders(await get("/login"));
    expect(a).not.toBe(b);
  });

  it("sends HSTS and upgrade-insecure-requests only over https", async () => {
    const res = await get("/login", { "x-forwarded-proto": "https" });
    expectHeaders(res);
    expect(res.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect(res.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    expect((await get("/login")).headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });
});
