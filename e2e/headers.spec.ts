import { expect, test } from "./support/fixtures";
import { WEB_URL } from "./support/env";

// Security headers of every console page (issue 10, item 6): a Content-Security-Policy with a fresh
// nonce per response that Next.js's scripts carry, frame-ancestors 'none', Referrer-Policy,
// Permissions-Policy, nosniff; and pages still work under that policy (no CSP violation).

const PAGES = ["/login", "/", "/overview", "/verifications", "/verifications/00000000-0000-4000-8000-000000000000", "/does-not-exist"];

function expectSecurityHeaders(headers: Record<string, string>): string {
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  // served over http here: no HSTS (it is sent only over https)
  expect(headers["strict-transport-security"]).toBeUndefined();
  return /'nonce-([^']+)'/.exec(csp)![1]!;
}

for (const path of PAGES) {
  test(`page ${path} carries the security headers and its scripts the response's nonce`, async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto(path);
    expect(response).not.toBeNull();
    // redirects (/, signed-out pages) end on a page that has its own headers
    const nonce = expectSecurityHeaders(await response!.allHeaders());
    // the scripts the server wrote carry the nonce; those Next.js adds later are trusted through
    // 'strict-dynamic' and carry none, so the document as sent is checked, not the live DOM
    const tags = (await response!.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
    expect(violations).toEqual([]);
  });
}

test("every response gets a different nonce", async ({ request }) => {
  const a = (await request.get("/login")).headers()["content-security-policy"];
  const b = (await request.get("/login")).headers()["content-security-policy"];
  expect(a).not.toBe(b);
});

test("the BFF and static assets carry the static headers", async ({ request, page }) => {
  const bff = await request.get("/bff/verifications");
  expect(bff.headers()["x-content-type-options"]).toBe("nosniff");
  expect(bff.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await page.goto("/login");
  const asset = await page.locator("script[src]").first().getAttribute("src");
  const res = await request.get(new URL(asset!, WEB_URL).toString());
  expect(res.status()).toBe(200);
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  expect(res.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
});

// issue 20: /favicon.ico answered 404; the console ships its icon (app/favicon.ico), served signed
// out too (the proxy's matcher leaves it alone) and with the static headers
test("/favicon.ico answers the console's icon, signed out", async ({ playwright }) => {
  const anonymous = await playwright.request.newContext({ baseURL: WEB_URL });
  const res = await anonymous.get("/favicon.ico", { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/x-icon");
  const body = await res.body();
  // an ICO: reserved 0, type 1 (icon), three images (16, 32 and 48 px)
  expect([body.readUInt16LE(0), body.readUInt16LE(2), body.readUInt16LE(4)]).toEqual([0, 1, 3]);
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  await anonymous.dispose();
});
