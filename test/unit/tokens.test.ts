// Access and refresh tokens (server/auth/tokens.ts): what a verified token gives, and that the
// cache of verified tokens (issue 11) never accepts what jose would refuse: an expired token, a
// token of the other type, a token under another secret, a token altered by one character.
import { afterEach, describe, expect, it, vi } from "vitest";
import { InvalidTokenError, issueTokenPair, verifyToken } from "../../server/auth/tokens";

const SECRET = "tokens-test-secret-0123456789abcdefghijklmnop";
const CLAIMS = {
  userId: "00000000-0000-4000-8000-000000000001",
  workspaceId: "00000000-0000-4000-8000-000000000002",
  role: "analyst" as const,
  email: "a@test.local",
  version: 3,
  sessionId: "00000000-0000-4000-8000-000000000003",
};

async function pair(seconds = 60) {
  return issueTokenPair(CLAIMS, { secret: SECRET, accessTokenSeconds: seconds, refreshTokenSeconds: seconds * 2 });
}

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "accepted";
  } catch (error) {
    return error instanceof InvalidTokenError ? error.reason : String(error);
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe("verifyToken", () => {
  it("gives the claims, the same on a second (cached) verification, and they cannot be changed", async () => {
    const { accessToken } = await pair();
    const first = await verifyToken(accessToken, "access", SECRET);
    expect(first).toEqual(CLAIMS);
    const second = await verifyToken(accessToken, "access", SECRET);
    expect(second).toEqual(CLAIMS);
    expect(() => {
      (second as { role: string }).role = "admin";
    }).toThrow(TypeError);
  });

  it("refuses, cached or not: the other type, another secret, one changed character", async () => {
    const { accessToken, refreshToken } = await pair();
    await verifyToken(accessToken, "access", SECRET); // now cached
    expect(await reason(verifyToken(accessToken, "refresh", SECRET))).toBe("invalid");
    expect(await reason(verifyToken(refreshToken, "access", SECRET))).toBe("invalid");
    expect(await reason(verifyToken(accessToken, "access", `${SECRET}x`))).toBe("invalid");
    // one character of the signed payload (not the signature's last one, whose low bits are padding)
    const at = accessToken.indexOf(".") + 5;
    const altered = `${accessToken.slice(0, at)}${accessToken[at] === "A" ? "B" : "A"}${accessToken.slice(at + 1)}`;
    expect(await reason(verifyToken(altered, "access", SECRET))).toBe("invalid");
  });

  it("a cached token expires when its exp passes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));
    const { accessToken } = await pair(60);
    expect(await reason(verifyToken(accessToken, "access", SECRET))).toBe("accepted");
    vi.setSystemTime(new Date("2026-11-23T10:00:59Z"));
    expect(await reason(verifyToken(accessToken, "access", SECRET))).toBe("accepted");
    vi.setSystemTime(new Date("2026-11-23T10:01:00Z"));
    expect(await reason(verifyToken(accessToken, "access", SECRET))).toBe("expired");
    expect(await reason(verifyToken(accessToken, "access", SECRET))).toBe("expired");
  });
});
