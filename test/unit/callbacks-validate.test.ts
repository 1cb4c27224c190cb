import { describe, expect, it } from "vitest";
import { EMPTY_ALLOW_LIST, parseAllowList } from "../../server/callbacks/destination";
import { isReservedHeaderName, validateCallback } from "../../server/callbacks/validate";

const none = { allowList: EMPTY_ALLOW_LIST };

function refusal(input: unknown, opts = none): string {
  const result = validateCallback(input, opts);
  if (result.ok) throw new Error("expected a refusal");
  return result.message;
}

describe("validateCallback: accepted", () => {
  it("returns the normalized URL and the headers", () => {
    const result = validateCallback(
      { url: "https://Hooks.Example.com:8443/lupa?token=abc", headers: { Authorization: "Bearer x", "X-Tenant": "t1" } },
      none,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        url: "https://hooks.example.com:8443/lupa?token=abc",
        headers: { Authorization: "Bearer x", "X-Tenant": "t1" },
      },
    });
  });

  it("defaults headers to an empty object", () => {
    expect(validateCallback({ url: "https://example.com/" }, none)).toEqual({
      ok: true,
      value: { url: "https://example.com/", headers: {} },
    });
  });

  it("accepts exactly 20 headers, a 1024-character value and a 2048-character URL", () => {
    const headers = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`X-H${i}`, "v"]));
    headers["X-H0"] = "a".repeat(1024);
    const url = "https://example.com/" + "p".repeat(2048 - "https://example.com/".length);
    expect(validateCallback({ url, headers }, none).ok).toBe(true);
  });

  it("keeps a header named like a result field as data", () => {
    const result = validateCallback({ url: "https://example.com/", headers: { ok: "1", message: "2" } }, none);
    expect(result).toEqual({ ok: true, value: { url: "https://example.com/", headers: { ok: "1", message: "2" } } });
  });

  it("accepts a public IP literal", () => {
    expect(validateCallback({ url: "https://8.8.8.8/h" }, none).ok).toBe(true);
    expect(validateCallback({ url: "https://[2606:4700::1111]/h" }, none).ok).toBe(true);
  });
});

describe("validateCallback: refused", () => {
  it.each([
    [null, /must be an object/],
    ["https://example.com", /must be an object/],
    [[{ url: "https://example.com" }], /must be an object/],
    [{}, /url is required/],
    [{ url: 42 }, /url must be a string/],
    [{ url: "/relative/path" }, /absolute URL/],
    [{ url: "http://example.com/" }, /must use https/],
    [{ url: "ftp://example.com/" }, /must use https/],
    [{ url: "https://user:pw@example.com/" }, /credentials/],
    [{ url: "https://user@example.com/" }, /credentials/],
    [{ url: "https://example.com/" + "p".repeat(2048) }, /longer than 2048/],
    [{ url: "https://example.com/", method: "POST" }, /unknown field "method"/],
    [{ url: "https://example.com/", "bad key!": 1 }, /unknown field \(name not shown\)/],
  ])("%j", (input, message) => {
    expect(refusal(input)).toMatch(message);
  });

  it.each([
    "https://127.0.0.1/",
    "https://0x7f.1/", // the URL parser canonicalizes this to 127.0.0.1
    "https://2130706433/",
    "https://0177.0.0.1/",
    "https://127.1/",
    "https://127.0.0.1./",
    "https://%31%32%37.0.0.1/",
    "https://[0:0:0:0:0:0:0:1]/",
    "https://10.0.0.1/",
    "https://169.254.169.254/latest/meta-data",
    "https://[::1]/",
    "https://[::ffff:10.0.0.1]/",
    "https://[fd00:ec2::254]/",
    "https://0.0.0.0/",
    "https://localhost/",
    "https://LOCALHOST./",
    "https://api.localhost/",
  ])("refuses the destination %s", (url) => {
    expect(refusal({ url })).toBe("callback.url points to a refused destination");
  });

  it("lets allow-listed hostnames and CIDRs through", () => {
    const opts = { allowList: parseAllowList(["localhost", "127.0.0.1"]) };
    expect(validateCallback({ url: "https://localhost:3001/h" }, opts).ok).toBe(true);
    expect(validateCallback({ url: "https://127.0.0.1:3001/h" }, opts).ok).toBe(true);
    expect(refusal({ url: "https://127.0.0.2/" }, opts)).toMatch(/refused destination/);
    expect(refusal({ url: "https://api.localhost/" }, opts)).toMatch(/refused destination/);
  });

  it.each([
    ["Host", /"Host" is reserved/],
    ["content-type", /"content-type" is reserved/],
    ["Content-Length", /reserved/],
    ["TRANSFER-ENCODING", /reserved/],
    ["Connection", /reserved/],
    ["User-Agent", /reserved/],
    ["X-Service-Signature", /reserved/],
    ["x-service-timestamp", /reserved/],
    ["X-Service-Anything", /reserved/],
    ["Expect", /reserved/],
    ["Upgrade", /reserved/],
  ])("refuses the reserved header %s", (name, message) => {
    expect(refusal({ url: "https://example.com/", headers: { [name]: "v" } })).toMatch(message);
  });

  it("refuses bad header sets", () => {
    const url = "https://example.com/";
    expect(refusal({ url, headers: ["a"] })).toMatch(/object of string values/);
    expect(refusal({ url, headers: "X-A: 1" })).toMatch(/object of string values/);
    expect(refusal({ url, headers: { "X-A": 1 } })).toMatch(/value of "X-A" must be a string/);
    expect(refusal({ url, headers: { "Bad Name": "v" } })).toMatch(/invalid header name/);
    expect(refusal({ url, headers: { "": "v" } })).toMatch(/invalid header name/);
    expect(refusal({ url, headers: { "X-A": "1", "x-a": "2" } })).toMatch(/more than once/);
    expect(refusal({ url, headers: { "X-A": "a".repeat(1025) } })).toMatch(/longer than 1024/);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-H${i}`, "v"]));
    expect(refusal({ url, headers: many })).toMatch(/more than 20/);
  });

  it.each(["a\r\nX-Injected: 1", "a\nb", "a\rb", "a\u0000b", "emoji \u{1F600}"])("refuses a header value with %j", (value) => {
    expect(refusal({ url: "https://example.com/", headers: { "X-A": value } })).toMatch(/invalid characters/);
  });

  it("never echoes the URL's query or header values", () => {
    const secret = "s3cr3t-token-value";
    const cases = [
      { url: `http://example.com/?token=${secret}` },
      { url: `https://127.0.0.1/?token=${secret}` },
      { url: `https://u:${secret}@example.com/` },
      { url: `https://example.com/${secret}`.padEnd(3000, "x") },
      { url: "https://example.com/", headers: { "X-A": `${secret}\r\n` } },
      { url: "https://example.com/", headers: { "X-A": secret.repeat(100) } },
      { url: "https://example.com/", headers: { Host: secret } },
    ];
    for (const input of cases) expect(refusal(input)).not.toContain(secret);
  });
});

describe("isReservedHeaderName", () => {
  it("is case-insensitive and covers the X-Service- prefix", () => {
    expect(isReservedHeaderName("x-SERVICE-foo")).toBe(true);
    expect(isReservedHeaderName("X-Services")).toBe(false);
    expect(isReservedHeaderName("Authorization")).toBe(false);
  });
});
