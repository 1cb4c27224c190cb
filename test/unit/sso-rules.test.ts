// The SSO room's pure rules (server/sso): the issuer must be https unless the operator allows
// http, the groups claim (nested with a dot, or a single string), the highest mapped role, and the
// sealed client secret (bound to its workspace and key; a changed byte does not open); the MFA
// requirement (amr/acr): its exact code for bad values, and which ID tokens meet it.
import { describe, expect, it } from "vitest";
import { ApiError } from "../../server/http/errors";
import { checkIssuer } from "../../server/sso/settings";
import { groupsOf, roleOf } from "../../server/sso/sign-in";
import { openSecret, sealSecret } from "../../server/sso/secret-box";
import { checkMfaRequirement, meetsMfaRequirement } from "../../server/sso/mfa-claims";
import { auditEventDetail } from "../../lib/review/labels";
import { isSsoRefusal, signInErrorMessage } from "../../lib/auth/sign-in-errors";

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

describe("the MFA requirement (amr/acr)", () => {
  it("is checked with invalid_sso_mfa, trimmed, and null stays null", () => {
    expect(checkMfaRequirement(null)).toBeNull();
    expect(checkMfaRequirement(undefined)).toBeNull();
    expect(checkMfaRequirement({ amr: [" mfa ", "otp"] })).toEqual({ amr: ["mfa", "otp"], acr: [] });
    expect(checkMfaRequirement({ acr: ["urn:acme:loa:2"] })).toEqual({ amr: [], acr: ["urn:acme:loa:2"] });
    for (const bad of [{}, { amr: [], acr: [] }, { amr: [""] }, { amr: ["a b"] }, { acr: ["x", "x"] }, { amr: ["mfä"] }])
      expect(() => checkMfaRequirement(bad), JSON.stringify(bad)).toThrow(expect.objectContaining({ code: "invalid_sso_mfa" }));
  });

  it("is met by one listed amr value, or a listed acr, compared exactly", () => {
    const required = { amr: ["mfa", "hwk"], acr: ["urn:acme:loa:mfa"] };
    expect(meetsMfaRequirement({}, null)).toBe(true);
    expect(meetsMfaRequirement({ amr: ["pwd", "hwk"] }, required)).toBe(true);
    expect(meetsMfaRequirement({ acr: "urn:acme:loa:mfa" }, required)).toBe(true);
    expect(meetsMfaRequirement({}, required)).toBe(false);
    expect(meetsMfaRequirement({ amr: ["pwd"], acr: "urn:acme:loa:pwd" }, required)).toBe(false);
    expect(meetsMfaRequirement({ amr: ["MFA"] }, required)).toBe(false); // case counts
    expect(meetsMfaRequirement({ amr: "mfa" }, required)).toBe(false); // amr is an array
    expect(meetsMfaRequirement({ acr: ["urn:acme:loa:mfa"] }, required)).toBe(false); // acr is a string
    expect(meetsMfaRequirement({ acr: "mfa" }, required)).toBe(false); // an amr value in acr
  });

  it("has its words: the audit reason and the sign-in page's refusal", () => {
    expect(auditEventDetail("sso.sign_in_refused", { method: "sso", reason: "sso_mfa_required" })).toBe(
      "o provedor não atestou segundo fator (amr/acr)",
    );
    expect(isSsoRefusal("sso_mfa_required")).toBe(true);
    expect(signInErrorMessage("sso_mfa_required")).toMatch(/^Acesso recusado: este workspace exige segundo fator/);
  });
});
