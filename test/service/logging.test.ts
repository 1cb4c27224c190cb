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
afterAll(async () => { await t?.close(); });

const CPF = makeCpf("123456789");

describe("logs", () => {
  it("are JSON lines with the request id, and mask documents, names, passwords and tokens", async () => {
    const login = await t.request({ method: "POST", url: "/api/v1/authentication", body: { username: t.workspace.users.analyst.email, password: PASSWORD } });
    const { accessToken, refreshToken } = login.json();
    const created = await t.request({ method: "POST", url: "/api/v2/verifications", token: accessToken, body: { nationalId: formatDocument(CPF), profileId: "prf_kyc_person", verifications: {} } });
    const done = await eventually(
      () => t.request({ method: "GET", url: `/api/v2/verifications/${created.json().id}`, token: accessToken }).then((r) => r.json()),
      (v) => v.status === "COMPLETED",
    );
    const name: string = done.person.profile.name;
    await t.request({ method: "GET", url: `/api/v2/verifications?nationalId=${CPF}&search=${encodeURIComponent(name)}`, token: accessToken, headers: { "x-request-id": "req-logging-1" } });
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
