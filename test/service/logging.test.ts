// Logs are structured JSON with a request id, and never contain a document, a name, a password
// or a token (architecture: "Tokens, documents and names are masked in logs").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, startService, PASSWORD, type TestService } from "../support/harness";
import { formatDocument, makeCpf } from "../../lib/contract/documents";

const lines: string[] = [];
let t: TestService;
beforeAll(async () => {
  t = await startService({ env: { LUPA_LOG_LEVEL: "info" }, logDestination: { write: (line) => void lines.push(line) } });
});
afterAll(async () => {
  await t?.close();
});

const CPF = makeCpf("123456789");

describe("logs", () => {
  it("are JSON lines with the request id, and mask documents, names, passwords and tokens", async () => {
    const login = await t.request({
      method: "POST",
      url: "/api/v1/authentication",
      body: { username: t.workspace.users.analyst.email, password: PASSWORD },
    });
    const { accessToken, refreshToken } = login.json();
    const created = await t.request({
      method: "POST",
      url: "/api/v2/verifications",
      token: accessToken,
      body: { nationalId: formatDocument(CPF), profileId: "prf_kyc_person", verifications: {} },
    });
    const done = await eventually(
      () => t.request({ method: "GET", url: `/api/v2/verifications/${created.json().id}`, token: accessToken }).then((r) => r.json()),
      (v) => v.status === "COMPLETED",
    );
    const name: string = done.person.profile.name;
    await t.request({
      method: "GET",
      url: `/api/v2/verifications?nationalId=${CPF}&search=${encodeURIComponent(name)}`,
      token: accessToken,
      headers: { "x-request-id": "req-logging-1" },
    });
    await t.request({ method: "GET", url: `/api/v2/verifications?nationalId=${CPF}`, token: "garbage." + accessToken });
    await t.request({ method: "POST", url: "/api/v1/authentication/refresh", body: { refreshToken } });
    // a route with the document in its path
    await t.request({ method: "GET", url: `/api/v2/unknown/${CPF}`, token: accessToken });

    const text = lines.join("");
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(text).toContain("req-logging-1");
    for (const secret of [CPF, formatDocument(CPF), name, PASSWORD, accessToken, refreshToken, accessToken.split(".")[2]!]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("[redacted]");
  });
});

describe("what logs never contain", () => {
  it("a raw CPF sent as x-request-id is replaced by a generated id and never logged", async () => {
    const other = makeCpf("987654321");
    const from = lines.length;
    const res = await t.request({
      method: "GET",
      url: "/api/v3/profiles",
      token: t.workspace.tokens.viewer,
      headers: { "x-request-id": other },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-request-id"]).not.toBe(other);
    const text = lines.slice(from).join("");
    expect(text).toContain(String(res.headers["x-request-id"]));
    expect(text).not.toContain(other);
  });

  it("a failing query is logged with its SQL and SQLSTATE, never its parameters (a name)", async () => {
    const name = "Joaquina Teixeira Bragança";
    // make the insert of a verification fail, with the name among the query's parameters
    await t.ownerQuery("alter table verifications add constraint logging_test_refuse check (input is null)");
    const from = lines.length;
    let res;
    try {
      res = await t.request({
        method: "POST",
        url: "/api/v2/verifications",
        token: t.workspace.tokens.analyst,
        body: { nationalId: makeCpf("111222333"), verifications: {}, input: [{ attribute: "name", value: name }] },
      });
    } finally {
      await t.ownerQuery("alter table verifications drop constraint logging_test_refuse");
    }
    expect(res.statusCode).toBe(500);
    const logged = lines.slice(from);
    const text = logged.join("");
    const failure = logged.map((l) => JSON.parse(l)).find((l) => l.err);
    expect(failure.err.message).toMatch(/^Failed query: insert into "verifications"/);
    expect(failure.err.code).toBe("23514");
    expect(failure.err.constraint).toBe("logging_test_refuse");
    expect(text).not.toContain(name);
    expect(text).not.toContain("Joaquina");
    expect(text).not.toContain("params:");
    expect(text).not.toContain("111222333");
  });
});
