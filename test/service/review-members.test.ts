// GET /api/review/v1/members (issue 18, assignment from the console): the workspace's enabled
// admins and analysts, the assignees PUT /cases/{id}/assignee accepts; never a viewer, an
// integration, a disabled user or another workspace's user. Roles: the access test
// (review-access.test.ts) covers 401 and the integration's 403.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { expectError, insertCase, reviewApi } from "../support/review";
import { createUser } from "../../server/tenancy/workspaces";

let t: TestService;
let ws: TestWorkspace;
let other: TestWorkspace;
let api: ReturnType<typeof reviewApi>;
let disabledId: string;
let secondId: string;

beforeAll(async () => {
  t = await startService({ workers: false });
  ws = await t.createWorkspace();
  other = await t.createWorkspace();
  api = reviewApi(t);
  const disabled = await createUser(t.services.db, {
    workspaceId: ws.id,
    email: `off.${ws.id}@test.local`,
    role: "analyst",
    password: "x".repeat(12),
  });
  await t.services.database.query("update users set disabled = true where id = $1", [disabled.id]);
  disabledId = disabled.id;
  const second = await createUser(t.services.db, {
    workspaceId: ws.id,
    email: `a2.${ws.id}@test.local`,
    name: "Segunda Analista",
    role: "analyst",
    password: "x".repeat(12),
  });
  secondId = second.id;
});
afterAll(async () => {
  await t?.close();
});

describe("GET /members", () => {
  it("lists the enabled admins and analysts of the caller's workspace, by e-mail, marking the caller", async () => {
    const res = await api.get("/members", ws.tokens.analyst);
    expect(res.statusCode).toBe(200);
    const { members } = res.json() as { members: Array<{ id: string; email: string; name: string; role: string; me: boolean }> };
    const ids = members.map((m) => m.id);
    expect(new Set(ids)).toEqual(new Set([ws.users.admin.id, ws.users.analyst.id, secondId]));
    expect(members.map((m) => m.email)).toEqual([...members.map((m) => m.email)].sort());
    expect(members.find((m) => m.id === secondId)).toEqual({
      id: secondId,
      email: `a2.${ws.id}@test.local`,
      name: "Segunda Analista",
      role: "analyst",
      me: false,
      cap: null,
      awayUntil: null,
    });
    expect(members.filter((m) => m.me).map((m) => m.id)).toEqual([ws.users.analyst.id]);
    expect(ids).not.toContain(disabledId);
    expect(ids).not.toContain(ws.users.viewer.id);
    expect(ids).not.toContain(ws.users.integration.id);
    expect(ids).not.toContain(other.users.analyst.id);
  });

  it("a viewer reads it too (owners are shown to every reader); the other workspace sees its own", async () => {
    const viewer = await api.get("/members", ws.tokens.viewer);
    expect(viewer.statusCode).toBe(200);
    expect((viewer.json() as { members: Array<{ me: boolean }> }).members.some((m) => m.me)).toBe(false);
    const res = await api.get("/members", other.tokens.admin);
    const ids = (res.json() as { members: Array<{ id: string }> }).members.map((m) => m.id);
    expect(new Set(ids)).toEqual(new Set([other.users.admin.id, other.users.analyst.id]));
  });

  it("everyone it lists can be assigned a case", async () => {
    const caseId = await insertCase(t, ws);
    const { members } = (await api.get("/members", ws.tokens.admin)).json() as { members: Array<{ id: string }> };
    for (const member of members) {
      const res = await api.put(`/cases/${caseId}/assignee`, ws.tokens.admin, { userId: member.id });
      expect(res.statusCode, member.id).toBe(200);
    }
  });

  it("refuses unknown query parameters", async () => {
    expectError(await api.get("/members?role=viewer", ws.tokens.admin), 400, "invalid_parameter");
  });
});

describe("GET /people", () => {
  it("lists everyone of the caller's workspace by name, every role and disabled users too", async () => {
    const res = await api.get("/people", ws.tokens.viewer);
    expect(res.statusCode).toBe(200);
    const { people } = res.json() as { people: Array<{ id: string; email: string; name: string; role: string; disabled: boolean }> };
    const ids = people.map((p) => p.id);
    expect(new Set(ids)).toEqual(new Set([...Object.values(ws.users).map((u) => u.id), disabledId, secondId]));
    expect(people.find((p) => p.id === secondId)).toEqual({
      id: secondId,
      email: `a2.${ws.id}@test.local`,
      name: "Segunda Analista",
      role: "analyst",
      disabled: false,
    });
    expect(people.find((p) => p.id === disabledId)).toMatchObject({ disabled: true, role: "analyst" });
    expect(people.find((p) => p.id === ws.users.integration.id)).toMatchObject({ role: "integration" });
    const names = people.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(ids).not.toContain(other.users.analyst.id);
  });

  it("refuses unknown query parameters and the integration role", async () => {
    expectError(await api.get("/people?role=viewer", ws.tokens.admin), 400, "invalid_parameter");
    expectError(await api.get("/people", ws.tokens.integration), 403, "forbidden");
  });
});
