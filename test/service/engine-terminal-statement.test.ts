// The engine's two ways to end a v3 enrichment write the same thing: the one statement (the owner's
// terminalCtes, when the caller read the row and no callback is armed) and the terminal
// transaction (onTerminal). A callback armed after the caller's read makes the statement change
// nothing, and the transaction then writes the delivery with the terminal state.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService } from "../support/harness";
import { billingEntries, callbackDeliveries, collections, datasetCache, enrichments, moduleRuns } from "../../server/db/schema";
import { loadCollection, type Answered } from "../../server/engine/store";
import { inRunGroup, RunGroup } from "../../server/engine/group";
import { WORKER_ID } from "../../server/engine/runner";
import { modulesWithCacheSql } from "../../server/datasets/cache";
import { complete } from "../../server/engine/transitions";
import { OWNERS } from "../../server/owners";
import { ACTIONS } from "../../server/tenancy/catalog";
import { makeCpf } from "../../lib/contract/documents";

const HOOK = { url: "https://hooks.example.com/lupa", headers: {} };

let t: TestService;
beforeAll(async () => {
  // no workers: the collections stay CREATED until the test ends them
  t = await startService({ workers: false });
});
afterAll(async () => {
  await t?.close();
});

let serial = 100;
/** A batch of `n` enrichments on prf_person_complete with the financeAdvanced add-on; their ids. */
async function batch(n: number, extra: Record<string, unknown> = {}, document?: string): Promise<string[]> {
  const items = Array.from({ length: n }, () => ({ document: document ?? makeCpf(String(400_000_000 + serial++)) }));
  const res = await t.request({
    method: "POST",
    url: "/api/v3/enrichments/batch",
    token: t.workspace.tokens.integration,
    body: { profileId: "prf_person_complete", items, options: { modules: { financeAdvanced: {} } }, ...extra },
  });
  expect(res.statusCode).toBe(202);
  return res.json().items.map((i: { id: string }) => i.id);
}

/** Every module ok but `held`, whose answers the terminal statement writes (as answerWriter holds the last wave). */
async function answerAllBut(id: string, held: string[]): Promise<Answered[]> {
  const runs = await t.services.db.select().from(moduleRuns).where(eq(moduleRuns.collectionId, id));
  const now = new Date();
  await t.services.db
    .update(moduleRuns)
    .set({ status: "ok", attempts: 1, data: { ok: true }, completedAt: now })
    .where(
      and(
        eq(moduleRuns.collectionId, id),
        inArray(
          moduleRuns.module,
          runs.map((r) => r.module).filter((m) => !held.includes(m)),
        ),
      ),
    );
  return runs
    .filter((r) => held.includes(r.module))
    .map((r) => ({ module: r.module, dataset: r.dataset, answer: { attempts: 1, data: { held: true }, found: true, at: now } }));
}

const billed = async (id: string) =>
  (await t.services.db.select().from(billingEntries).where(eq(billingEntries.enrichmentId, id))).map((b) => b.action).sort();
const deliveries = (id: string) => t.services.db.select().from(callbackDeliveries).where(eq(callbackDeliveries.ownerId, id));

describe("the terminal statement of a v3 enrichment", () => {
  it("bills what the terminal transaction bills, held answers included, and ends the collection", async () => {
    const [oneStatement, transaction] = await batch(2);
    const expected = [ACTIONS.enrichmentPerson, ACTIONS.financeAdvanced].sort();
    for (const id of [oneStatement!, transaction!]) {
      const answers = await answerAllBut(id, ["financeAdvanced", "lawsuits"]);
      const c = (await loadCollection(t.services.db, id))!;
      expect(c.callbackArmed).toBe(false);
      const ended = await complete(t.services, OWNERS, id, "ok", answers, id === oneStatement ? c : undefined);
      expect(ended).toMatchObject({ id, status: "COMPLETED", outcome: "ok", leaseOwner: null, wakeAt: null });
      expect(await billed(id)).toEqual(expected);
      const runs = await t.services.db.select().from(moduleRuns).where(eq(moduleRuns.collectionId, id));
      expect(runs.every((r) => r.status === "ok")).toBe(true);
      expect(runs.find((r) => r.module === "lawsuits")!.data).toEqual({ held: true });
      expect(await deliveries(id)).toHaveLength(0);
    }
  });

  it("an add-on that did not complete is not billed, either way", async () => {
    for (const known of [true, false]) {
      const [id] = await batch(1);
      await answerAllBut(id!, ["financeAdvanced"]);
      const c = (await loadCollection(t.services.db, id!))!;
      await complete(t.services, OWNERS, id!, "ok", [], known ? c : undefined);
      expect(await billed(id!)).toEqual([ACTIONS.enrichmentPerson]);
    }
  });

  it("a callback armed after the caller read the row: the transaction ends it and writes the delivery", async () => {
    const [id] = await batch(1);
    const answers = await answerAllBut(id!, ["lawsuits"]);
    const read = (await loadCollection(t.services.db, id!))!;
    // the creation request stops waiting after the claim read the row
    await t.services.db.update(collections).set({ callbackArmed: true }).where(eq(collections.id, id!));
    await t.services.db.update(enrichments).set({ callback: HOOK }).where(eq(enrichments.id, id!));
    const ended = await complete(t.services, OWNERS, id!, "ok", answers, read);
    expect(ended).toMatchObject({ id, status: "COMPLETED", callbackArmed: true });
    expect(await billed(id!)).toEqual([ACTIONS.enrichmentPerson, ACTIONS.financeAdvanced].sort());
    const [delivery] = await deliveries(id!);
    expect(delivery).toMatchObject({ url: HOOK.url, status: "pending" });
    expect(JSON.parse(delivery!.body)).toMatchObject({ type: "enrichment.completed", data: { id, status: "COMPLETED" } });
  });

  it("a batch with a callback is armed from the start and delivers", async () => {
    const [id] = await batch(1, { callback: HOOK });
    const c = (await loadCollection(t.services.db, id!))!;
    expect(c.callbackArmed).toBe(true);
    const answers = await answerAllBut(id!, []);
    await complete(t.services, OWNERS, id!, "ok", answers, c);
    expect(await deliveries(id!)).toHaveLength(1);
  });

  it("terminal once: a second end changes nothing and bills nothing more", async () => {
    const [id] = await batch(1);
    await answerAllBut(id!, []);
    const c = (await loadCollection(t.services.db, id!))!;
    const first = await complete(t.services, OWNERS, id!, "ok", [], c);
    expect(first!.status).toBe("COMPLETED");
    const all = [ACTIONS.enrichmentPerson, ACTIONS.financeAdvanced].sort();
    expect(await billed(id!)).toEqual(all);
    expect(await complete(t.services, OWNERS, id!, "ok", [], c)).toBeNull();
    expect(await complete(t.services, OWNERS, id!, "ok")).toBeNull();
    expect(await billed(id!)).toEqual(all);
    expect((await loadCollection(t.services.db, id!))!.completedAt).toEqual(first!.completedAt);
  });
});

// A batch worker runs the collections of one fetch as a group (server/engine/group.ts): their
// statements made in the same turn go as one, each collection keeping what it would write alone.
describe("in a batch worker's group", () => {
  it("ends together those that may, each billed its own actions once; the others as alone", async () => {
    const [addOn] = await batch(1);
    const [plain] = await batch(1, { options: {} });
    const [addOnMissing] = await batch(1);
    const [armedLater] = await batch(1);
    const [endedBefore] = await batch(1);
    const answers = new Map<string, Answered[]>();
    answers.set(addOn!, await answerAllBut(addOn!, ["financeAdvanced", "lawsuits"]));
    answers.set(plain!, await answerAllBut(plain!, ["finance"]));
    await answerAllBut(addOnMissing!, ["financeAdvanced"]);
    answers.set(addOnMissing!, []);
    answers.set(armedLater!, await answerAllBut(armedLater!, ["lawsuits"]));
    answers.set(endedBefore!, await answerAllBut(endedBefore!, []));
    const ids = [addOn!, plain!, addOnMissing!, armedLater!, endedBefore!];
    const read = new Map(await Promise.all(ids.map(async (id) => [id, (await loadCollection(t.services.db, id))!] as const)));
    await t.services.db.update(collections).set({ callbackArmed: true }).where(eq(collections.id, armedLater!));
    await t.services.db.update(enrichments).set({ callback: HOOK }).where(eq(enrichments.id, armedLater!));
    const before = await complete(t.services, OWNERS, endedBefore!, "ok", [], read.get(endedBefore!));
    expect(before!.status).toBe("COMPLETED");

    const group = new RunGroup(t.services.db);
    const ended = await Promise.all(
      ids.map((id) => inRunGroup(group, () => complete(t.services, OWNERS, id, "ok", answers.get(id), read.get(id)))),
    );
    const [a, p, m, armed, again] = ended;
    for (const [c, id] of [
      [a, addOn],
      [p, plain],
      [m, addOnMissing],
      [armed, armedLater],
    ] as const)
      expect(c).toMatchObject({ id, status: "COMPLETED", outcome: "ok", leaseOwner: null });
    expect(again).toBeNull();
    // the three without a callback ended in one statement: one completedAt
    expect(p!.completedAt).toEqual(a!.completedAt);
    expect(m!.completedAt).toEqual(a!.completedAt);

    const all = [ACTIONS.enrichmentPerson, ACTIONS.financeAdvanced].sort();
    expect(await billed(addOn!)).toEqual(all);
    expect(await billed(plain!)).toEqual([ACTIONS.enrichmentPerson]);
    expect(await billed(addOnMissing!)).toEqual([ACTIONS.enrichmentPerson]);
    expect(await billed(armedLater!)).toEqual(all);
    expect(await billed(endedBefore!)).toEqual(all);
    expect(await deliveries(armedLater!)).toHaveLength(1);
    for (const id of [addOn!, plain!, addOnMissing!]) expect(await deliveries(id)).toHaveLength(0);
    // the answers held back for each were written to its own modules
    const runs = await t.services.db
      .select()
      .from(moduleRuns)
      .where(inArray(moduleRuns.collectionId, [addOn!, plain!]));
    expect(
      runs
        .filter((r) => (r.data as { held?: boolean }).held)
        .map((r) => `${r.collectionId}:${r.module}`)
        .sort(),
    ).toEqual([`${addOn}:financeAdvanced`, `${addOn}:lawsuits`, `${plain}:finance`].sort());
  });

  it("claims once a collection whose job came twice in the group", async () => {
    const [id, other] = await batch(2);
    const group = new RunGroup(t.services.db);
    const request = (id: string) => ({
      id,
      worker: WORKER_ID,
      leaseMs: 30_000,
      startOwners: ["enrichment"],
      modules: modulesWithCacheSql,
      leaseKey: null,
    });
    const [first, second, third] = await Promise.all([
      group.claim.call(request(id!)),
      group.claim.call(request(id!)),
      group.claim.call(request(other!)),
    ]);
    expect(first.taken!.collection).toMatchObject({ id, status: "FETCHING", leaseOwner: WORKER_ID });
    expect(first.taken!.modules).toHaveLength(5); // and its modules, read in the same statement
    expect(second.taken).toBeNull();
    expect(third.taken!.collection).toMatchObject({ id: other, status: "FETCHING" });
  });

  it("writes the answers of two collections of one document in one statement, the cache keeping the latest", async () => {
    const document = makeCpf(String(400_000_000 + serial++));
    const [first] = await batch(1, {}, document);
    const [second] = await batch(1, {}, document);
    const group = new RunGroup(t.services.db);
    const at = new Date();
    const answer = (n: number): Answered[] => [
      {
        module: "profile",
        dataset: "person-profile-2.0",
        answer: { attempts: 1, data: { n }, found: true, at: new Date(at.getTime() + n), keepUntil: new Date(at.getTime() + 60_000) },
      },
    ];
    const [c1, c2] = [(await loadCollection(t.services.db, first!))!, (await loadCollection(t.services.db, second!))!];
    // in the same turn: one statement
    const saved = await Promise.all([
      group.saveAnswers.call({ c: c1, list: answer(1) }),
      group.saveAnswers.call({ c: c2, list: answer(2) }),
    ]);
    expect(saved.map((s) => [...s])).toEqual([["profile"], ["profile"]]);
    const profiles = await t.services.db
      .select()
      .from(moduleRuns)
      .where(and(inArray(moduleRuns.collectionId, [first!, second!]), eq(moduleRuns.module, "profile")));
    expect(Object.fromEntries(profiles.map((r) => [r.collectionId, r.data]))).toEqual({ [first!]: { n: 1 }, [second!]: { n: 2 } });
    const [kept] = await t.services.db
      .select()
      .from(datasetCache)
      .where(and(eq(datasetCache.document, document), eq(datasetCache.dataset, "person-profile-2.0")));
    expect(kept!.data).toEqual({ n: 2 });
  });
});
