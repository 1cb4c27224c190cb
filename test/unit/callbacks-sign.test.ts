import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signCallback } from "../../server/callbacks/sign";

describe("signCallback", () => {
  const secretHex = "00ff".repeat(16);

  it("matches an independent HMAC over '<timestamp>.<body>' keyed with the decoded secret", () => {
    const expected = createHmac("sha256", Buffer.from(secretHex, "hex")).update('1700000000.{"a":1}').digest("hex");
    expect(signCallback(secretHex, 1700000000, '{"a":1}')).toBe(`sha256=${expected}`);
  });

  it("keys with the secret's bytes, not its hex text", () => {
    const keyedWithText = createHmac("sha256", secretHex).update("1.{}").digest("hex");
    expect(signCallback(secretHex, 1, "{}")).not.toBe(`sha256=${keyedWithText}`);
  });

  it("matches a fixed vector computed with openssl dgst -mac HMAC", () => {
    // printf '1.what do ya want for nothing?' | openssl dgst -sha256 -mac HMAC -macopt hexkey:4a656665
    expect(signCallback("4a656665", 1, "what do ya want for nothing?")).toBe(
      "sha256=a9049465ce89cfb8e9aac62333abda66f80e3403f51f57f6bae3c3a4485eca38",
    );
  });

  it("changes with the timestamp, the body and the secret", () => {
    const base = signCallback(secretHex, 100, "{}");
    expect(signCallback(secretHex, 101, "{}")).not.toBe(base);
    expect(signCallback(secretHex, 100, "{ }")).not.toBe(base);
    expect(signCallback("01ff".repeat(16), 100, "{}")).not.toBe(base);
  });

  it.each(["", "abc", "zz", "00 ff"])("throws on the malformed secret %j", (bad) => {
    expect(() => signCallback(bad, 1, "{}")).toThrow(/hex/);
  });

  it.each([1.5, -1, Number.NaN])("throws on the timestamp %s", (ts) => {
    expect(() => signCallback(secretHex, ts, "{}")).toThrow(/Unix seconds/);
  });
});
