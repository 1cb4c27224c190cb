// The engine's owners are passed in (startWorkers({ owners })), and what an owner's terminal hook
// returns reaches its after-commit hook only when the terminal transaction committed: a
// transaction that rolls back leaves nothing behind to be sent later (issue 6, item 7).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService } from "../support/harness";
import { insertCollection, loadCollection } from "../../server/engine/store";
import { complete } from "../../server/engine/transitions";
import type { OwnerHooks, Owners } from "../../server/engine/types";
import { makeCpf } from "../../lib/contract/documents";

let t: TestService;
beforeAll(async () => {
  t = await startService({ workers: false });
});
afterAll(async () => {
  await t?.close();
});

async function newCollection(): Promise<string> {
  const id = `enr_${randomUUID().replace(/-/g, "").slice(0, 24)}`;
  await t.services.db.transaction((tx) =>
    insertCollection(tx, {
      id,
      workspaceId: t.workspace.id,
      owner: "enrichment",
      entity: "person",
      document: makeCpf("529982247"),
      lane: "interactive",
      deadlineAt: null,
      modules: [{ module: "profile", dataset: "person-profile-2.0", version: "2.0", addon: false }],
    }),
  );
  return id;
}

describe("owner hooks", () => {
  it("a terminal transaction that rolls back hands nothing to afterTerminal; the one that commits hands over its value once", async () => {
    const id = await newCollection();
    const sent: string[] = [];
    let failing = true;
    const hooks: OwnerHooks<string> = {
      async onTerminal() {
        if (failing) throw new Error("the terminal transaction fails after the hook began");
        return `delivery-of-${id}`;
      },
      async afterTerminal(_s, c, fromTerminal) {
        sent.push(`${c.id}:${fromTerminal}`);
      },
    };
    const owners: Owners = { enrichment: hooks, verification: hooks };

    await expect(complete(t.services, owners, id, "ok")).rejects.toThrow(/terminal transaction fails/);
    expect(sent).toEqual([]);
    expect((await loadCollection(t.services.db, id))!.status).toBe("CREATED");

    failing = false;
    expect((await complete(t.services, owners, id, "ok"))!.status).toBe("COMPLETED");
    expect(sent).toEqual([`${id}:delivery-of-${id}`]);
    // terminal once: a repeated call changes nothing and sends nothing
    expect(await complete(t.services, owners, id, "ok")).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it("an owner without hooks is an error, never a lookup on Object.prototype", async () => {
    const id = await newCollection();
    await expect(complete(t.services, {} as Owners, id, "ok")).rejects.toThrow(/No hooks given for owner enrichment/);
  });
});
