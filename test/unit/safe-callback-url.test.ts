// The sign-in callback never leaves the console's origin (issue 10, item 3): known open-redirect
// bypass forms all fall back to the default page, and what is kept is a same-origin path.
import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_SIGN_IN, safeCallbackUrl } from "@/lib/auth/safe-callback-url";

const ORIGIN = "http://127.0.0.1:3000";

const BYPASSES = [
  "/\t/evil.com", // the reported one: /login?callbackUrl=%2F%09%2Fevil.com
  "/\n/evil.com",
  "/\r/evil.com",
  "/\r\n/evil.com",
  "\t//evil.com",
  "/\u0000/evil.com",
  "/\u000b/evil.com",
  "/\u007f/evil.com",
  "/\u0085/evil.com",
  "/\u200b/evil.com",
  "/\ufeff/evil.com",
  "//evil.com",
  "///evil.com",
  "////evil.com",
  " //evil.com",
  "/\\evil.com",
  "\\\\evil.com",
  "\\/evil.com",
  "/\\/evil.com",
  "/.//evil.com",
  "/./\\evil.com",
  "/../\\evil.com",
  "/%2e//evil.com".replace("%2e", "."),
  "http://evil.com",
  "https://evil.com",
  "HTTPS://EVIL.COM",
  "https:evil.com",
  "https:/evil.com",
  "http:/\\evil.com",
  "http:\\\\evil.com",
  "//evil.com@127.0.0.1:3000",
  "http://127.0.0.1:3000@evil.com",
  "http://evil.com#@127.0.0.1:3000",
  "http://evil.com?http://127.0.0.1:3000",
  "http://127.0.0.1:3000.evil.com",
  "http://127.0.0.1:3001/verifications",
  "https://127.0.0.1:3000/verifications",
  "http://user:pass@127.0.0.1:3000/verifications",
  "//%65vil.com",
  "//evil%E3%80%82com",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "evil.com",
  "verifications",
  "/login",
  "/login?callbackUrl=//evil.com",
  "/api/auth/signout",
  "http://[::1]:3000/",
  "x".repeat(3000),
];

describe("safeCallbackUrl", () => {
  it(`has at least 30 bypass forms to try (${BYPASSES.length})`, () => {
    expect(BYPASSES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(BYPASSES.map((v) => [JSON.stringify(v).slice(0, 60), v]))("refuses %s", (_label, value) => {
    expect(safeCallbackUrl(value, ORIGIN)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeCallbackUrl(value)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it.each([
    ["/verifications", "/verifications"],
    ["/verifications?status=COMPLETED&page=2", "/verifications?status=COMPLETED&page=2"],
    ["/verifications/00000000-0000-4000-8000-000000000000#modules", "/verifications/00000000-0000-4000-8000-000000000000#modules"],
    ["http://127.0.0.1:3000/verifications?x=1", "/verifications?x=1"],
    ["/%2F%2Fevil.com", "/%2F%2Fevil.com"],
    ["/%09/evil.com", "/%09/evil.com"],
    ["/a/../verifications", "/verifications"],
  ])("keeps the same-origin path %s", (value, expected) => {
    expect(safeCallbackUrl(value, ORIGIN)).toBe(expected);
  });

  it("falls back to the default without a value", () => {
    expect(safeCallbackUrl(undefined, ORIGIN)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeCallbackUrl("", ORIGIN)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeCallbackUrl(null, ORIGIN)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it("whatever it keeps resolves to the console's own origin, as a browser would resolve it", () => {
    for (const value of [...BYPASSES, "/verifications", "/%09/evil.com", "/%5C%5Cevil.com"]) {
      const kept = safeCallbackUrl(value, ORIGIN);
      expect(new URL(kept, ORIGIN).origin).toBe(ORIGIN);
      expect(kept.startsWith("/") && !kept.startsWith("//")).toBe(true);
    }
  });
});
