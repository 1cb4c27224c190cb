// The first read of a record (issue 23): GET /api/v3/enrichments/{id} without `include` answers
// JSON written by the database statement itself (readResourceJson), and GET
// /api/v2/verifications/{id} the record's serializer. Both must answer, byte for byte, what the
// serializers write from the rows (JSON.stringify of toResource / toRecord), with the record cache
// missed and hit, for terminal and running records; and never another workspace's record.
// A terminal enrichment's JSON is stored when it ends (enrichment_bodies, migration 0016) and read
// from there; without a stored body (running, or ended before the migration) the statement writes
// it (enrichment_json): both paths are checked on every terminal shape.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { eventually, startService, type TestService, type TestWorkspace } from "../support/harness";
import { makeCpf } from "../../lib/contract/documents";
import { loadView, readResourceJson } from "../../server/v3/enrichments/queries";
import { toResource } from "../../server/v3/enrichments/serialize";
import { getVerification } from "../../server/v2/verifications/queries";
import { toRecord } from "../../server/v2/verifications/serialize";
import { decisionFields, latestFeedbacks } from "../../server/decisions/store";

/** The enrichments that end (all but `running`). */
const TERMINAL_KEYS = ["completed", "cached", "failed", "failedDeadline", "permanent", "notFound", "deadline", "retrying", "batch"];

let t: TestService;
let ws: TestWorkspace;
const ids = { v2: [] as string[], v3: {} as Record<string, string> };

const get = (url: string, token = ws.tokens.viewer) => t.request({ method: "GET", url, token });

/** What the serializers write from the rows read now (the path every read took before). */
async function serialized(kind: "v2" | "v3", id: string): Promise<string> {
  if (kind === "v3") return JSON.stringify(toResource((await loadView(t.services.db, ws.id, id))!));
  const row = (await getVerification(t.services.db, ws.id, id))!;
  const latest = await latestFeedbacks(t.services.db, ws.id, row.feedbackStatus ? [row.id] : []);
  return JSON.stringify({ ...toRecord(row), ...decisionFields(latest.get(row.id)) });
}

/**
 * The answer of `read` and the serializers' bytes for the same state of a record that may be
 * changing (a running enrichment): serialized before and after, until both agree.
 */
async function sameState<T>(kind: "v2" | "v3", id: string, read: () => Promise<T>): Promise<{ answer: T; expected: string }> {
  for (let i = 0; i < 50; i++) {
    const before = await serialized(kind, id);
    const answer = await read();
    if ((await serialized(kind, id)) === before) return { answer, expected: before };
  }
  throw new Error(`${kind} ${id} kept changing`);
}

const urlOf = (kind: "v2" | "v3", id: string) => (kind === "v2" ? `/api/v2/verifications/${id}` : `/api/v3/enrichments/${id}`);

async function createEnrichment(body: Record<string, unknown>): Promise<string> {
  const res = await t.request({ method: "POST", url: "/api/v3/enrichments", token: ws.tokens.analyst, body });
  expect([200, 202], res.body).toContain(res.statusCode);
  return res.json().id;
}

beforeAll(async () => {
  // the slow document's modules stay pending for the whole file; its POST answers 202 after 1 s
  t = await startService({ env: { LUPA_SANDBOX_SLOW_MS: "600000", LUPA_SYNC_WAIT_MS: "1000" } });
  ws = await t.createWorkspace();
  for (const body of [
    { nationalId: makeCpf("529982247"), profileId: "prf_kyc_person", verifications: {} }, // engine shape
    { nationalId: makeCpf("390533447"), verifications: {} }, // legacy shape (no profile)
  ]) {
    const created = await t.request({ method: "POST", url: "/api/v2/verifications", token: ws.tokens.analyst, body });
    expect(created.statusCode).toBe(201);
    ids.v2.push(created.json().id);
  }
  const metadata = {
    tiny: 1e-7,
    huge: 1e21,
    precise: 0.1 + 0.2,
    negative: -0,
    "10": "an index-like key, which JavaScript orders first",
    "2": [1.5, 100, null, true, false],
    "chave ção": 'aspas " barra \\ / tab \t linha\nnova \u2028 emoji 😀',
    nested: { z: null, y: { x: [] }, "": {} },
  };
  ids.v3.completed = await createEnrichment({ document: makeCpf("390533447"), profileId: "prf_person_complete", metadata });
  // the same document again: its modules come from the dataset cache (`cache` with its age)
  ids.v3.cached = await createEnrichment({ document: makeCpf("390533447"), profileId: "prf_person_complete" });
  ids.v3.running = await createEnrichment({
    document: "000.000.068-07", // sandbox `slow`
    profileId: "prf_person_complete",
    options: { deadline: "10m" },
  });
  ids.v3.failed = await createEnrichment({ document: "000.000.048-55", profileId: "prf_person_complete" }); // exhausts_rounds
  ids.v3.retrying = await createEnrichment({ document: "000.000.028-01", profileId: "prf_person_complete" }); // temporary_then_ok
  // FAILED with a deadline (exhausts_rounds: the test's recovery rounds are short)
  ids.v3.failedDeadline = await createEnrichment({
    document: "000.000.048-55",
    profileId: "prf_person_complete",
    options: { deadline: "10m" },
  });
  ids.v3.permanent = await createEnrichment({ document: "000.000.058-27", profileId: "prf_person_complete" }); // permanent_failure
  // subject_not_found: the terminal transaction drops the modules after the status (dropModulesExcept)
  ids.v3.notFound = await createEnrichment({ document: "000.000.018-30", profileId: "prf_person_complete" });
  ids.v3.deadline = await createEnrichment({
    document: makeCpf("123456789"),
    profileId: "prf_person_complete",
    options: { deadline: "1h" },
  });
  const batch = await t.request({
    method: "POST",
    url: "/api/v3/enrichments/batch",
    token: ws.tokens.analyst,
    body: { profileId: "prf_person_complete", items: [{ document: makeCpf("111444777") }] },
  });
  expect(batch.statusCode).toBe(202);
  const listed = await eventually(
    () => get(`/api/v3/enrichments?batchId=${batch.json().batchId}`).then((r) => r.json()),
    (page) => page.items?.length === 1,
  );
  ids.v3.batch = listed.items[0].id;

  for (const id of ids.v2)
    await eventually(
      () => get(urlOf("v2", id)).then((r) => r.json()),
      (v) => v.status === "COMPLETED",
    );
  for (const key of TERMINAL_KEYS)
    await eventually(
      () => get(urlOf("v3", ids.v3[key]!)).then((r) => r.json()),
      (e) => e.status === "COMPLETED" || e.status === "FAILED",
    );
  await eventually(
    () => get(urlOf("v3", ids.v3.running!)).then((r) => r.json()),
    (e) => e.modules.profile.status === "ok",
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("first reads answer the serializers' bytes", () => {
  it("covers the shapes it means to: terminal and running, failed, cached modules, a deadline, a batch, metadata", async () => {
    const v3 = async (key: string) => (await get(urlOf("v3", ids.v3[key]!))).json();
    expect((await v3("completed")).status).toBe("COMPLETED");
    expect(Object.values((await v3("cached")).modules).some((m) => (m as { cache?: unknown }).cache)).toBe(true);
    const running = await v3("running");
    expect(running).toMatchObject({ status: "FETCHING", completedAt: null, deadline: expect.any(String) });
    expect(running.modules.finance.status).toBe("pending");
    expect(await v3("failed")).toMatchObject({ status: "FAILED", failureReason: expect.any(String) });
    expect((await v3("batch")).batchId).toEqual(expect.any(String));
    expect(await v3("failedDeadline")).toMatchObject({ status: "FAILED", failureReason: expect.any(String), deadline: expect.any(String) });
    expect(await v3("permanent")).toMatchObject({ status: "FAILED", failureReason: expect.any(String) });
    expect(await v3("notFound")).toMatchObject({ status: "COMPLETED", outcome: "subject_not_found" });
    expect(Object.keys((await v3("notFound")).modules)).toEqual(["profile"]);
    expect(await v3("deadline")).toMatchObject({ status: "COMPLETED", deadline: expect.any(String) });
    expect((await v3("retrying")).status).toBe("COMPLETED");
    const v2 = await Promise.all(ids.v2.map(async (id) => (await get(urlOf("v2", id))).json()));
    expect(v2.map((v) => v.version ?? v.verification?.version)).toEqual(["v5", "v4"]);
  });

  it("the same bytes with the record cache missed and then hit, for every record (v2 and v3)", async () => {
    const all: ["v2" | "v3", string][] = [
      ...ids.v2.map((id) => ["v2", id] as ["v2", string]),
      ...Object.values(ids.v3).map((id) => ["v3", id] as ["v3", string]),
    ];
    for (const [kind, id] of all) {
      const { answer, expected } = await sameState(kind, id, async () => {
        t.services.records.clear();
        return get(urlOf(kind, id));
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(answer.body, `${kind} ${id}`).toBe(expected);
      const status = answer.json().status as string;
      // a terminal record is kept, a running one is read again (and says when to poll)
      const again = await get(urlOf(kind, id));
      if (status === "COMPLETED" || status === "FAILED") {
        expect(again.body).toBe(answer.body);
        expect(answer.headers["retry-after"]).toBeUndefined();
      } else if (kind === "v3") expect(answer.headers["retry-after"]).toMatch(/^\d+$/);
    }
    // a running enrichment is never kept: each read goes to the database
    const hits = t.services.records.hits;
    await get(urlOf("v3", ids.v3.running!));
    expect(t.services.records.hits).toBe(hits);
  });

  it("writes every timestamp and cache age as the serializer does, microseconds and rounding included", async () => {
    // instants the service writes with microseconds (now()); here many of them, edges included
    const id = ids.v3.completed!;
    const micros = [0, 1, 499, 500, 501, 999, 999_499, 999_500, 999_999, 123_456, 289_000, 1_000_000 - 1];
    for (let i = 0; i < 60; i++) {
      const base = Date.UTC(2020 + (i % 7), i % 12, 1 + (i % 28), i % 24, i % 60, (i * 7) % 60);
      const us = (k: number) => micros[(i + k) % micros.length]! + (i > micros.length ? Math.floor(Math.random() * 1e6) : 0);
      // an instant in microseconds since the epoch, as PostgreSQL reads it
      const at = (total: number) =>
        `${new Date(Math.floor(total / 1e6) * 1000).toISOString().slice(0, 19)}.${String(total % 1e6).padStart(6, "0")}+00`;
      // ages around the half second, where Math.round decides
      const cached = at(base * 1000 + us(0));
      const completed = at((base + ((i * 250) % 3000)) * 1000 + us(1));
      await t.services.database.query("update enrichments set created_at = $2 where id = $1", [id, at((base - 1000) * 1000 + us(2))]);
      await t.services.database.query("update collections set completed_at = $2 where id = $1", [id, completed]);
      await t.services.database.query(
        "update module_runs set cached_at = $2, completed_at = $3 where collection_id = $1 and module = 'profile'",
        [id, cached, completed],
      );
      // the statement's text (no stored body), then the body the trigger stores from it
      await dropBody(id);
      expect((await readResourceJson(t.services.db, ws.id, id))!.body).toBe(await serialized("v3", id));
      await endAgain(id);
      expect(await storedStatus(id)).toBe("COMPLETED");
      expect((await readResourceJson(t.services.db, ws.id, id))!.body).toBe(await serialized("v3", id));
    }
  });

  it("writes a running enrichment's other shapes as the serializer does: a retrying module, the next retry, no modules", async () => {
    // each in a transaction rolled back: the engine, which runs this enrichment, never sees them
    const id = ids.v3.running!;
    const shapes: string[][] = [
      [
        "update collections set next_retry_at = '2026-11-27 06:10:00.123999+00', recovery_round = 2 where id = $1",
        "update module_runs set status = 'retrying', next_attempt_at = '2026-11-27 06:09:59.000500+00' where collection_id = $1 and module = 'finance'",
        "update module_runs set status = 'failed' where collection_id = $1 and module = 'lawsuits'",
      ],
      // retrying without its instant; a batch's enrichment without a deadline
      [
        "update module_runs set status = 'retrying', next_attempt_at = null where collection_id = $1 and module = 'related'",
        "update enrichments set batch_id = 'bat_x', lane = 'batch', deadline = '' where id = $1",
        "update collections set status = 'CREATED' where id = $1",
      ],
      ["delete from module_runs where collection_id = $1"],
    ];
    for (const statements of shapes) {
      await expect(
        t.services.db.transaction(async (tx) => {
          await tx.execute(sql`select id from collections where id = ${id} for update`);
          for (const text of statements) await tx.execute(sql.raw(text.replaceAll("$1", `'${id}'`)));
          const expected = JSON.stringify(toResource((await loadView(tx, ws.id, id))!));
          expect((await readResourceJson(tx, ws.id, id))!.body, statements.join("; ")).toBe(expected);
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
    }
    const running = JSON.parse((await readResourceJson(t.services.db, ws.id, id))!.body);
    expect(running.status).toBe("FETCHING");
  });

  it("a terminal enrichment's body is stored when it ends, and read from there; without it, the statement answers the same bytes", async () => {
    for (const key of TERMINAL_KEYS) {
      const id = ids.v3[key]!;
      const expected = await serialized("v3", id);
      const status = JSON.parse(expected).status;
      expect(status, key).toMatch(/^(COMPLETED|FAILED)$/);
      // stored by the trigger when the engine (or a batch worker's group) ended it
      expect(await storedStatus(id), key).toBe(status);
      expect((await readResourceJson(t.services.db, ws.id, id))!, key).toMatchObject({ body: expected, collection: { status } });
      t.services.records.clear();
      const stored = await get(urlOf("v3", id));
      expect(stored.body, key).toBe(expected);
      expect(stored.headers["retry-after"]).toBeUndefined();
      // a row from before migration 0016: no stored body, the same answer
      await dropBody(id);
      t.services.records.clear();
      const read = await get(urlOf("v3", id));
      expect(read.body, key).toBe(expected);
      expect(read.headers["retry-after"]).toBeUndefined();
      expect(await storedStatus(id)).toBeNull(); // reads do not write
      await endAgain(id);
      expect(await storedStatus(id), key).toBe(status);
      expect((await readResourceJson(t.services.db, ws.id, id))!.body, key).toBe(expected);
    }
    // a running enrichment has none
    expect(await storedStatus(ids.v3.running!)).toBeNull();
  });
});

/** The stored body's status, or null when there is none. */
async function storedStatus(id: string): Promise<string | null> {
  const { rows } = await t.services.database.query("select status from enrichment_bodies where id = $1", [id]);
  return (rows[0]?.status as string | undefined) ?? null;
}

async function dropBody(id: string): Promise<void> {
  await t.services.database.query("delete from enrichment_bodies where id = $1", [id]);
}

/** The collection ends again, in one transaction (live for a moment, then its terminal status): the trigger stores its body at commit. */
async function endAgain(id: string): Promise<void> {
  await t.services.db.transaction(async (tx) => {
    const locked = sql`select status from collections where id = ${id} and status in ('COMPLETED', 'FAILED') for update`;
    const [row] = ((await tx.execute(locked)) as unknown as { rows: { status: string }[] }).rows;
    expect(row).toBeDefined();
    await tx.execute(sql`update collections set status = 'FETCHING' where id = ${id}`);
    await tx.execute(sql`update collections set status = ${row!.status} where id = ${id}`);
  });
}

describe("workspaces", () => {
  it("another workspace's id answers 404 not_found, cached or not", async () => {
    const other = await t.createWorkspace();
    for (const id of Object.values(ids.v3)) {
      await get(urlOf("v3", id)); // cached for its own workspace when terminal
      for (const clear of [false, true]) {
        if (clear) t.services.records.clear();
        const res = await get(urlOf("v3", id), other.tokens.admin);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: { code: "not_found", message: "enrichment not found" } });
      }
    }
    for (const id of ids.v2) {
      await get(urlOf("v2", id));
      for (const clear of [false, true]) {
        if (clear) t.services.records.clear();
        const res = await get(urlOf("v2", id), other.tokens.admin);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: "verification not found" });
      }
    }
  });
});
