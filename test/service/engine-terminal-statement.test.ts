// The engine's two ways to end a v3 enrichment write the same thing: the one statement (the owner's
// terminalCtes, when the caller read the row and no callback is armed) and the terminal
// transaction (onTerminal). A callback armed after the caller's read makes the statement change
// nothing, and the transaction then writes the delivery with the terminal state.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService } from "../support/harness";
import { billingEntries, callbackDeliveries, collections, enrichments, moduleRuns } from "../../server/db/schema";
import { loadCollection, type Answered } from "../../server/engine/store";
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
async function batch(n: number, extra: Record<string, unknown> = {}): Promise<string[]> {
  const items = Array.from({ length: n }, () => ({ document: makeCpf(String(400_000_000 + serial++)) }));
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
