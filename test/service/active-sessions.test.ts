// "Sessões ativas" (issue 34, items 5 and 6): a person lists their live sessions (device from the
// user agent, address, started, last seen at the latest refresh) and ends any of them; an admin
// ends all of a member's; each ended session is recorded (session.ended). Another person's or
// another workspace's session or member is 404; bad ids 400; roles 403.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, PASSWORD, type TestService, type TestWorkspace } from "../support/harness";
import { eventsOf, expectError, reviewApi } from "../support/review";
import { deviceOf } from "../../server/apikeys/sessions";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let t: TestService;
let ws: TestWorkspace;
let other: TestWorkspace;
let api: ReturnType<typeof reviewApi>;
beforeAll(async () => {
  t = await startService({ workers: false, env: { LUPA_SESSION_CHECK_MS: "0" } });
  ws = await t.createWorkspace();
  other = await t.createWorkspace();
  api = reviewApi(t);
}, 300_000);
afterAll(async () => {
  await t?.close();
}, 120_000);

async function signIn(email: string, userAgent: string, ip = "203.0.113.7") {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/authentication",
    headers: { "user-agent": userAgent, "content-type": "application/json" },
    remoteAddress: ip,
    payload: JSON.stringify({ username: email, password: PASSWORD }),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { accessToken: string; refreshToken: string };
}
const refresh = (refreshToken: string) => t.request({ method: "POST", url: "/api/v1/authentication/refresh", body: { refreshToken } });
type Listed = {
  id: string;
  device: string;
  ip: string | null;
  userAgent: string | null;
  startedAt: string;
  lastSeenAt: string;
  current: boolean;
};
const mine = async (token: string) => {
  const res = await api.get("/sessions", token);
  expect(res.statusCode).toBe(200);
  return res.json().sessions as Listed[];
};

describe("my sessions", () => {
  it("lists each live sign-in with its device, address, start and last refresh; marks the current one", async () => {
    const email = ws.users.analyst.email;
    const laptop = await signIn(email, CHROME, "203.0.113.7");
    const phone = await signIn(email, IPHONE, "198.51.100.4");
    const sessions = await mine(laptop.accessToken);
    const byDevice = new Map(sessions.map((s) => [s.device, s]));
    expect(byDevice.get("Chrome no Linux")).toMatchObject({ ip: "203.0.113.7", userAgent: CHROME, current: true });
    expect(byDevice.get("Safari no iOS")).toMatchObject({ ip: "198.51.100.4", current: false });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    // a refresh moves last seen, not the address (the console's server refreshes, not the browser)
    const before = byDevice.get("Safari no iOS")!;
    await new Promise((r) => setTimeout(r, 20));
    expect((await refresh(phone.refreshToken)).statusCode).toBe(200);
    const after = (await mine(phone.accessToken)).find((s) => s.id === before.id)!;
    expect(Date.parse(after.lastSeenAt)).toBeGreaterThan(Date.parse(before.lastSeenAt));
    expect(after).toMatchObject({ ip: "198.51.100.4", startedAt: before.startedAt, current: true });
    // another person's sessions are not listed
    const others = await mine(ws.tokens.viewer);
    expect(others.map((s) => s.id)).not.toContain(before.id);
  });

  it("ends one of them: its refresh token is refused, its access token stops; the other goes on; recorded", async () => {
    const email = ws.users.viewer.email;
    const a = await signIn(email, CHROME);
    const b = await signIn(email, IPHONE);
    const target = (await mine(a.accessToken)).find((s) => s.device === "Safari no iOS" && !s.current)!;
    const res = await api.del(`/sessions/${target.id}`, a.accessToken);
    expect(res.statusCode).toBe(204);
    expect((await refresh(b.refreshToken)).statusCode).toBe(401);
    expect((await api.get("/sessions", b.accessToken)).statusCode).toBe(401); // LUPA_SESSION_CHECK_MS=0 here
    expect((await mine(a.accessToken)).map((s) => s.id)).not.toContain(target.id);
    const [event] = (await eventsOf(t, ws.id, "session.ended")).filter((e) => e.data.sessionId === target.id);
    expect(event).toMatchObject({ actor_id: ws.users.viewer.id, data: { by: "self", userId: ws.users.viewer.id, current: false } });
    // ended already: not one of my live sessions
    expectError(await api.del(`/sessions/${target.id}`, a.accessToken), 404, "not_found");
  });

  it("404 for another person's session and another workspace's; 400 for a bad id", async () => {
    const theirs = await signIn(other.users.analyst.email, CHROME);
    const theirId = (await mine(theirs.accessToken))[0]!.id;
    expectError(await api.del(`/sessions/${theirId}`, ws.tokens.admin), 404, "not_found");
    const colleague = await signIn(ws.users.analyst.email, CHROME);
    const colleagueId = (await mine(colleague.accessToken)).find((s) => s.current)!.id;
    expectError(await api.del(`/sessions/${colleagueId}`, ws.tokens.admin), 404, "not_found");
    expect((await refresh(colleague.refreshToken)).statusCode).toBe(200); // untouched
    expectError(await api.del("/sessions/nope", ws.tokens.admin), 400, "invalid_parameter");
  });
});

describe("an admin ends a member's sessions", () => {
  it("ends every live one (refresh refused), answers how many, records each", async () => {
    const member = await t.createWorkspace();
    const email = member.users.analyst.email;
    const pairs = [await signIn(email, CHROME), await signIn(email, IPHONE)];
    const res = await api.del(`/members/${member.users.analyst.id}/sessions`, member.tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 3 }); // the harness's sign-in too
    for (const pair of pairs) expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
    const events = (await eventsOf(t, member.id, "session.ended")).filter((e) => e.data.by === "admin");
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({ actor_id: member.users.admin.id, data: { userId: member.users.analyst.id } });
    // none left: 0, not an error
    expect((await api.del(`/members/${member.users.analyst.id}/sessions`, member.tokens.admin)).json()).toEqual({ ended: 0 });
  });

  it("404 for another workspace's user or none; 400 for a bad id; 403 for those who are not admins", async () => {
    expectError(await api.del(`/members/${other.users.analyst.id}/sessions`, ws.tokens.admin), 404, "not_found");
    expectError(await api.del("/members/00000000-0000-4000-8000-000000000000/sessions", ws.tokens.admin), 404, "not_found");
    expectError(await api.del("/members/x/sessions", ws.tokens.admin), 400, "invalid_parameter");
    for (const role of ["analyst", "viewer", "integration"] as const)
      expectError(await api.del(`/members/${ws.users.viewer.id}/sessions`, ws.tokens[role]), 403, "forbidden");
    expectError(await api.get("/sessions", ws.tokens.integration), 403, "forbidden");
  });
});

describe("deviceOf", () => {
  it.each([
    [CHROME, "Chrome no Linux"],
    [IPHONE, "Safari no iOS"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox no Windows"],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      "Edge no macOS",
    ],
    ["curl/8.5.0", "curl"],
    [null, "Desconhecido"],
    ["???", "Desconhecido"],
  ])("%s → %s", (ua, device) => {
    expect(deviceOf(ua)).toBe(device);
  });
});
