// The BFF's origin checks (issue 30, findings 6 and 7), through the console's own route handlers:
// a mutation's Origin is compared with LUPA_PUBLIC_URL, or the Host when unset, and the client's
// X-Forwarded-Host/Proto count only with LUPA_TRUST_PROXY; a GET that the service records in the
// audit trail (exports, the PDF) is refused when the browser says another site sent it.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { allowedOrigins, sameOrigin } from "../../lib/bff/origin";

vi.mock("server-only", () => ({})); // the marker module throws outside React Server Components

const CASE = "3f2b8c1e-9a4d-4e2f-8b7a-0c1d2e3f4a5b";
type Handler = (request: NextRequest, route: { params: Promise<Record<string, string>> }) => Promise<Response>;
let postNote: Handler;
const reads: Record<string, Handler> = {};

beforeAll(async () => {
  postNote = (await import("../../app/bff/verifications/[id]/notes/route")).POST as unknown as Handler;
  reads["/bff/review/cases/export"] = (await import("../../app/bff/review/cases/export/route")).GET as unknown as Handler;
  reads["/bff/restrictive-list/export"] = (await import("../../app/bff/restrictive-list/export/route")).GET as unknown as Handler;
  reads["/bff/audit/export"] = (await import("../../app/bff/audit/export/route")).GET as unknown as Handler;
  reads[`/bff/verifications/${CASE}/pdf`] = (await import("../../app/bff/verifications/[id]/pdf/route")).GET as unknown as Handler;
});
afterEach(() => vi.unstubAllEnvs());

const params = { params: Promise.resolve({ id: CASE }) };

function notePost(headers: Record<string, string>) {
  return new NextRequest(`http://console.internal:3000/bff/verifications/${CASE}/notes`, {
    method: "POST",
    headers: { host: "console.internal:3000", "content-type": "application/json", ...headers },
    body: JSON.stringify({ text: "nota" }),
  });
}

async function codeOf(res: Response) {
  return { status: res.status, code: ((await res.json()) as { error: { code: string } }).error.code };
}

describe("finding 6: the Origin of a mutation", () => {
  it("a forged X-Forwarded-Host does not make another site's Origin the console's", async () => {
    vi.stubEnv("NEXTAUTH_URL", "");
    vi.stubEnv("LUPA_PUBLIC_URL", "");
    vi.stubEnv("LUPA_TRUST_PROXY", "");
    const forged = notePost({ origin: "http://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" });
    expect(await codeOf(await postNote(forged, params))).toEqual({ status: 403, code: "forbidden_origin" });
    expect(await codeOf(await postNote(notePost({ origin: "http://evil.example" }), params))).toEqual({
      status: 403,
      code: "forbidden_origin",
    });
    // the console's own origin passes the check (and meets the session's: none here)
    expect((await postNote(notePost({ origin: "http://console.internal:3000" }), params)).status).toBe(401);
  });

  it("with LUPA_PUBLIC_URL, only its origin; forwarded headers only with LUPA_TRUST_PROXY", () => {
    const request = (headers: Record<string, string>) => notePost(headers);
    vi.stubEnv("NEXTAUTH_URL", "");
    vi.stubEnv("LUPA_PUBLIC_URL", "https://lupa.example.com");
    expect(allowedOrigins(request({}))).toEqual(["https://lupa.example.com"]);
    expect(sameOrigin(request({ origin: "https://lupa.example.com" }))).toBe(true);
    // the Host the request reached is not the public URL
    expect(sameOrigin(request({ origin: "http://console.internal:3000" }))).toBe(false);
    expect(sameOrigin(request({ origin: "https://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }))).toBe(
      false,
    );

    vi.stubEnv("LUPA_PUBLIC_URL", "");
    vi.stubEnv("LUPA_TRUST_PROXY", "");
    const behindProxy = { origin: "https://lupa.example.com", "x-forwarded-host": "lupa.example.com", "x-forwarded-proto": "https" };
    expect(sameOrigin(request(behindProxy))).toBe(false);
    vi.stubEnv("LUPA_TRUST_PROXY", "false");
    expect(sameOrigin(request(behindProxy))).toBe(false);
    vi.stubEnv("LUPA_TRUST_PROXY", "1");
    expect(sameOrigin(request(behindProxy))).toBe(true);
    expect(allowedOrigins(request(behindProxy))).toEqual(["https://lupa.example.com"]);
  });
});

describe("finding 7: GETs the service records refuse another site", () => {
  it.each(["/bff/review/cases/export", "/bff/restrictive-list/export", "/bff/audit/export", `/bff/verifications/${CASE}/pdf`])(
    "%s: Sec-Fetch-Site cross-site is 403 cross_site_request; same-origin goes on",
    async (path) => {
      const get = (site: string) =>
        reads[path]!(
          new NextRequest(`http://console.internal:3000${path}`, { headers: { host: "console.internal:3000", "sec-fetch-site": site } }),
          params,
        );
      expect(await codeOf(await get("cross-site"))).toEqual({ status: 403, code: "cross_site_request" });
      // past the check: no session here
      expect((await get("same-origin")).status).toBe(401);
      expect((await get("none")).status).toBe(401);
    },
  );
});
