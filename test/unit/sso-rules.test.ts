// The SSO room's pure rules (server/sso): the issuer must be https unless the operator allows
// http, the groups claim (nested with a dot, or a single string), the highest mapped role, and the
// sealed client secret (bound to its workspace and key; a changed byte does not open).
import { describe, expect, it } from "vitest";
import { ApiError } from "../../server/http/errors";
import { checkIssuer } from "../../server/sso/settings";
import { groupsOf, roleOf } from "../../server/sso/sign-in";
import { openSecret, sealSecret } from "../../server/sso/secret-box";
import { auditEventDetail } from "../../lib/review/labels";

const KEY = "k".repeat(64);
const WS = "6f1c2d9e-0000-4000-8000-000000000001";

describe("issuer", () => {
  it("is https, or http only when the operator allows it", () => {
    expect(checkIssuer("https://login.acme.com.br/realms/x", false)).toBe("https://login.acme.com.br/realms/x");
    expect(() => checkIssuer("http://127.0.0.1:9000", false)).toThrow(ApiError);
    expect(checkIssuer("http://127.0.0.1:9000", true)).toBe("http://127.0.0.1:9000");
    for (const bad of ["login.acme.com", "https://login.acme.com#x", "https://a:b@login.acme.com", "https://login.acme.com?x=1"])
      expect(() => checkIssuer(bad, true), bad).toThrow(expect.objectContaining({ code: "invalid_sso_issuer" }));
  });
});

describe("groups and roles", () => {
  it("reads the claim as a list, a single string or a nested path", () => {
    expect(groupsOf({ groups: ["a", 1, "b"] }, "groups")).toEqual(["a", "b"]);
    expect(groupsOf({ role: "a" }, "role")).toEqual(["a"]);
    expect(groupsOf({ realm_access: { roles: ["x"] } }, "realm_access.roles")).toEqual(["x"]);
    expect(groupsOf({}, "groups")).toEqual([]);
  });

  it("gives the highest role any group maps to, or none", () => {
    const mapping = [
      { group: "v", role: "viewer" as const },
      { group: "a", role: "admin" as const },
      { group: "n", role: "analyst" as const },
    ];
    expect(roleOf(["v", "n"], mapping)).toBe("analyst");
    expect(roleOf(["n", "a", "v"], mapping)).toBe("admin");
    expect(roleOf(["other"], mapping)).toBeNull();
  });
});

describe("sealed client secret", () => {
  it("opens only for its workspace and key, and not after tampering", () => {
    const sealed = sealSecret("s3cret-value", WS, KEY);
    expect(sealed).not.toContain("s3cret");
    expect(sealSecret("s3cret-value", WS, KEY)).not.toBe(sealed); // a fresh IV each time
    expect(openSecret(sealed, WS, KEY)).toBe("s3cret-value");
    expect(() => openSecret(sealed, WS.replace("1", "2"), KEY)).toThrow();
    expect(() => openSecret(sealed, WS, "j".repeat(64))).toThrow();
    const parts = sealed.split(".");
    parts[2] = (parts[2]![0] === "A" ? "B" : "A") + parts[2]!.slice(1);
    expect(() => openSecret(parts.join("."), WS, KEY)).toThrow();
  });
});

describe("the audit log's words", () => {
  it("names the SSO sign-in and each refusal's reason in pt-BR", () => {
    expect(auditEventDetail("session.started", { method: "sso", sessionId: "x" })).toBe("por login único (SSO)");
    expect(auditEventDetail("sso.sign_in_refused", { method: "sso", reason: "sso_no_role" })).toBe("nenhum grupo dá papel no Lupa");
    expect(auditEventDetail("sso.settings_changed", { deleted: true })).toBe("removido");
  });
});
