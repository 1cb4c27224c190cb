// Monitoring runs (issue 32, items 2 and 4): the Receita's layout and the CEIS layout, each in
// releases that differ, imported with the importers themselves; runs compare the watched documents'
// normalized facts with their snapshots:
// - registry: the first release is the baseline; the next opens company_status_changed,
//   partner_added, partner_removed and related_company_flagged, and nothing for a reformatted
//   partner name; the same release imported again opens nothing;
// - sanctions: sanction_added, a masked CPF matched only with the name (probable), a homonym with
//   other visible digits not matched, a reformatted record not new, a dismissed one not reopened;
// - a run killed half-way and resumed: no duplicate, no skip;
// - status and coverage numbers, unchecked reasons, workspace scoping.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../server/db/rows";
import { importCnpj } from "../../server/registry/import-cnpj";
import { importSanctions } from "../../server/registry/sanctions";
import { queueRuns, runMonitoring } from "../../server/monitoring/runs";
import { startService, type TestService, type TestWorkspace } from "../support/harness";
import { eventsOf, expectError, insertCase, reviewApi } from "../support/review";
import { ABSENT, ACME, HOLDING, MARIA, releaseOne, releaseTwo, writeReleaseFolder } from "../support/receita-fixture";
import { writeSanctionsZip, type SanctionFixture } from "../support/sanctions-fixture";
import { makeCnpj, makeCpf, maskDocument } from "../../lib/contract/documents";

let t: TestService;
let ws: TestWorkspace;
let other: TestWorkspace;
let api: ReturnType<typeof reviewApi>;
let dir: string;

/** Maria's CPF: its digits 4 to 9 are those the Receita and the portal publish (***220050**). */
const MARIA_CPF = makeCpf("123220050");
/** Same name, other visible digits (***220051**): a homonym that must not match. */
const HOMONYM_CPF = makeCpf("123220051");
const NO_NAME_CPF = makeCpf("555444333");
const cases: Record<string, string> = {};

async function watchedCase(w: TestWorkspace, nationalId: string, name: string | null): Promise<string> {
  const id = await insertCase(t, w, { nationalId, feedbackStatus: "APPROVED", firstDecidedAt: new Date(Date.now() - 60_000) });
  await t.services.db.execute(
    sql`update verifications set name = ${name}, entity = ${nationalId.length === 14 ? "company" : "person"} where id = ${id}`,
  );
  return id;
}

/** Queues the source's runs and runs them all here (the workers are off: deterministic). */
async function runAll(source: "registry" | "sanctions") {
  const { ids } = await queueRuns(t.services.db, source);
  for (const id of ids) await runMonitoring({ db: t.services.db }, id);
  return ids;
}

type AlertJson = { id: string; caseId: string; kind: string; source: string; release: string | null; [k: string]: unknown };
const alertsOf = async (query: string, w: TestWorkspace = ws): Promise<AlertJson[]> => {
  const res = await api.get(`/alerts${query}`, w.tokens.viewer);
  expect(res.statusCode).toBe(200);
  return res.json().alerts;
};
const statusOf = async (w: TestWorkspace = ws) => {
  const res = await api.get("/monitoring/status", w.tokens.viewer);
  expect(res.statusCode).toBe(200);
  return res.json();
};

const sanction = (o: Partial<SanctionFixture> & Pick<SanctionFixture, "document" | "name">): SanctionFixture => ({
  kind: o.document.replace(/\D/g, "").length === 14 ? "J" : "F",
  category: "Suspensão",
  start: "01/01/2024",
  end: "",
  agency: "CGU",
  uf: "DF",
  ...o,
});

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lupa-monitoring-runs-"));
  t = await startService({ workers: false });
  ws = await t.createWorkspace();
  other = await t.createWorkspace();
  api = reviewApi(t);
  cases.acme = await watchedCase(ws, ACME, "ACME COMÉRCIO DE ALIMENTOS");
  cases.holding = await watchedCase(ws, HOLDING, "HOLDING PARTICIPAÇÕES LTDA");
  cases.absent = await watchedCase(ws, ABSENT, "AUSENTE LTDA");
  cases.maria = await watchedCase(ws, MARIA_CPF, "Maria da Conceição d'Ávila");
  cases.homonym = await watchedCase(ws, HOMONYM_CPF, "Maria da Conceição d'Ávila");
  cases.noName = await watchedCase(ws, NO_NAME_CPF, null);
  await insertCase(t, ws, { nationalId: makeCpf("987987987") }); // undecided: not watched
  cases.otherAcme = await watchedCase(other, ACME, "ACME");
}, 300_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe("registry runs", () => {
  it("takes the first release as the baseline: no alert, and says what it could not compare", async () => {
    await importCnpj(t.services.database, await writeReleaseFolder(dir, "2025-01", releaseOne()), { log: () => {} });
    await runAll("registry");
    expect(await alertsOf("?source=registry")).toEqual([]);
    const status = await statusOf();
    expect(status).toMatchObject({
      watched: 6,
      checkedAgainstLatest: 4,
      coverage: 4 / 6,
      unchecked: { count: 2, reasons: { not_in_registry: 1, no_name: 1 } },
      latest: { sanctions: null, registry: "2025-01" },
    });
    expect(status.runs).toEqual([
      {
        id: expect.any(String),
        source: "registry",
        release: "2025-01",
        watched: 6,
        checked: 4,
        unchecked: 2,
        uncheckedReasons: { not_in_registry: 1, no_name: 1 },
        alerts: 0,
        startedAt: expect.any(String),
        endedAt: expect.any(String),
        state: "done",
      },
    ]);
    const detail = (await api.get(`/cases/${cases.acme}`, ws.tokens.viewer)).json().monitoring;
    expect(detail).toMatchObject({ lastCheckedAt: expect.any(String), checkedAgainst: { registry: "2025-01", sanctions: null } });
    expect((await api.get(`/cases/${cases.absent}`, ws.tokens.viewer)).json().monitoring.checkedAgainst.registry).toBeNull();
  }, 120_000);

  it("opens one alert per change of the next release, and nothing for a reformatted partner", async () => {
    const two = releaseTwo();
    two.socios = two.socios
      .filter((l) => !l.includes("JOÃO PEREIRA LIMA"))
      .map((l) => l.replace(MARIA.name, "maria da conceicao  d'avila")); // case, accents, spaces: the same partner
    await importCnpj(t.services.database, await writeReleaseFolder(dir, "2025-02", two), { log: () => {} });
    await runAll("registry");
    const alerts = await alertsOf("?source=registry");
    const summary = alerts
      .map((a) => [a.caseId, a.kind, a.change, a.release, a.confidence])
      .sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    expect(summary).toEqual([
      [
        cases.acme,
        "company_status_changed",
        { before: { status: { code: 2, label: "ATIVA" } }, after: { status: { code: 8, label: "BAIXADA" } } },
        "2025-02",
        "exact",
      ],
      [
        cases.acme,
        "partner_added",
        { before: null, after: { partner: { name: "CARLA NOVAES", document: "***555666**" } } },
        "2025-02",
        "exact",
      ],
      [
        cases.acme,
        "partner_removed",
        { before: { partner: { name: "JOÃO PEREIRA LIMA", document: "***987654**" } }, after: null },
        "2025-02",
        "exact",
      ],
      [
        cases.maria,
        "related_company_flagged",
        {
          before: {
            company: { cnpj: maskDocument(ACME), name: expect.any(String), status: { code: 2, label: "ATIVA" }, sanctioned: false },
          },
          after: {
            company: { cnpj: maskDocument(ACME), name: expect.any(String), status: { code: 8, label: "BAIXADA" }, sanctioned: false },
          },
        },
        "2025-02",
        "exact",
      ],
    ]);
    expect(JSON.stringify(alerts)).not.toContain(ACME);
    // recorded on the case's timeline, by the service itself
    const opened = await eventsOf(t, ws.id, "alert.opened", cases.acme);
    expect(opened.map((e) => [e.actor_id, e.data.kind, e.data.release, e.data.document]).sort()).toEqual(
      [
        [null, "company_status_changed", "2025-02", maskDocument(ACME)],
        [null, "partner_added", "2025-02", maskDocument(ACME)],
        [null, "partner_removed", "2025-02", maskDocument(ACME)],
      ].sort(),
    );
    expect((await alertsOf(`?caseId=${cases.homonym}`)).length).toBe(0);
    // the other workspace has its own run and its own alerts; neither sees the other's
    const theirs = await alertsOf("?source=registry", other);
    expect(theirs.map((a) => a.kind).sort()).toEqual(["company_status_changed", "partner_added", "partner_removed"]);
    expectError(await api.get(`/alerts/${theirs[0]!.id}`, ws.tokens.viewer), 404, "not_found");
    expect((await statusOf(other)).watched).toBe(1);
    const status = await statusOf();
    expect(status.runs[0]).toMatchObject({ source: "registry", release: "2025-02", alerts: 4, checked: 4, state: "done" });
    expect(status).toMatchObject({ checkedAgainstLatest: 4, openAlerts: 4 });
  }, 120_000);

  it("opens nothing when the same release is imported again", async () => {
    await importCnpj(t.services.database, path.join(dir, "2025-02"), { reload: true, log: () => {} });
    await runAll("registry");
    expect((await alertsOf("?source=registry")).length).toBe(4);
    expect((await statusOf()).runs[0]).toMatchObject({ release: "2025-02", alerts: 0, checked: 4, state: "done" });
  }, 120_000);
});

describe("sanctions runs", () => {
  const holding = sanction({ document: "44.555.666/0001-" + HOLDING.slice(12), name: "HOLDING PARTICIPAÇÕES LTDA" });
  const maria = sanction({ document: "***.220.050-**", name: "MARIA DA CONCEIÇÃO D'ÁVILA", category: "Impedimento" });
  const notMaria = sanction({ document: "***.220.050-**", name: "JOANA SILVA" }); // her digits, another name
  const ended = sanction({ document: ABSENT, name: "AUSENTE LTDA", start: "01/01/2020", end: "01/01/2021" });
  const acme = sanction({ document: ACME, name: "ACME", category: "Inidoneidade", agency: "TCU" });
  const k = Array.from({ length: 5 }, (_, i) => makeCnpj(`3030303${i}0001`));

  it("opens sanction_added for a sanction in force: exact for a document, probable for a masked CPF with the name", async () => {
    await importSanctions(
      t.services.database,
      await writeSanctionsZip(dir, "CEIS", "20250110", [holding, maria, notMaria, ended]),
      () => {},
    );
    await runAll("sanctions");
    const alerts = await alertsOf("?source=sanctions");
    expect(alerts.map((a) => [a.caseId, a.kind, a.confidence, a.release]).sort()).toEqual(
      [
        [cases.holding, "sanction_added", "exact", "CEIS:20250110_CEIS.zip"],
        [cases.maria, "sanction_added", "probable", "CEIS:20250110_CEIS.zip"],
      ].sort(),
    );
    const mariaAlert = alerts.find((a) => a.caseId === cases.maria)!;
    expect(mariaAlert.change).toEqual({
      before: null,
      after: {
        list: "CEIS",
        sanction: "Impedimento",
        agency: "CGU",
        startsOn: "2024-01-01",
        endsOn: null,
        process: "00190.000001/2024-11",
      },
    });
    const status = await statusOf();
    expect(status.latest).toEqual({ sanctions: "CEIS:20250110_CEIS.zip", registry: "2025-02" });
    expect(status.runs[0]).toMatchObject({ source: "sanctions", watched: 6, checked: 6, unchecked: 0, alerts: 2, state: "done" });
    // both sources now: the two the registry could not compare stay unchecked, with their reasons
    expect(status).toMatchObject({
      watched: 6,
      checkedAgainstLatest: 4,
      unchecked: { count: 2, reasons: { not_in_registry: 1, no_name: 1 } },
    });
    expect((await api.get(`/cases/${cases.maria}`, ws.tokens.viewer)).json().monitoring.checkedAgainst).toEqual({
      sanctions: "CEIS:20250110_CEIS.zip",
      registry: "2025-02",
    });

    const res = await api.post(`/alerts/${mariaAlert.id}/resolve`, ws.tokens.analyst, { resolution: "dismissed", comment: "homônima" });
    expect(res.statusCode).toBe(200);
  }, 120_000);

  it("does not take a reformatted record for a new one, and does not reopen a dismissed change", async () => {
    const reformatted = { ...holding, category: "SUSPENSÃO ", agency: " cgu", process: "00190.000001/2024-11" };
    await importSanctions(t.services.database, await writeSanctionsZip(dir, "CEIS", "20250210", [reformatted, acme]), () => {});
    await runAll("sanctions");
    expect((await alertsOf("?source=sanctions&kind=sanction_added")).map((a) => a.caseId).sort()).toEqual(
      [cases.holding, cases.maria, cases.acme].sort(),
    );
    // Maria's sanction again (lifted in between): dismissed, so never again
    await importSanctions(t.services.database, await writeSanctionsZip(dir, "CEIS", "20250310", [reformatted, acme, maria]), () => {});
    await runAll("sanctions");
    const mine = await alertsOf(`?caseId=${cases.maria}&source=sanctions`);
    expect(mine.map((a) => a.state)).toEqual(["dismissed"]);
    expect((await statusOf()).runs[0]).toMatchObject({ release: "CEIS:20250310_CEIS.zip", alerts: 0, state: "done" });
  }, 120_000);

  it("resumes a run killed half-way from its checkpoint: no duplicate, no skip", async () => {
    const w = await t.createWorkspace();
    await api.put("/settings", w.tokens.admin, { monitoring: { sources: ["sanctions"] } }); // coverage against sanctions only
    const ids = await Promise.all(k.map((d) => watchedCase(w, d, "EMPRESA K")));
    await importSanctions(
      t.services.database,
      await writeSanctionsZip(dir, "CEIS", "20250410", [
        reformatted(),
        acme,
        maria,
        ...k.map((d) => sanction({ document: d, name: "EMPRESA K" })),
      ]),
      () => {},
    );
    const { ids: runs } = await queueRuns(t.services.db, "sanctions", w.id);
    expect(runs).toHaveLength(1);
    await expect(runMonitoring({ db: t.services.db }, runs[0]!, { batchSize: 2, stopAfterBatches: 2 })).rejects.toThrow(/stopped after 2/);
    const half = (await statusOf(w)).runs[0];
    expect(half).toMatchObject({ state: "running", watched: 5, checked: 4, alerts: 4, endedAt: null });
    expect((await statusOf(w)).coverage).toBe(4 / 5);
    const done = await runMonitoring({ db: t.services.db }, runs[0]!, { batchSize: 2 });
    expect(done).toMatchObject({ state: "done", watched: 5, checked: 5, unchecked: 0, alerts: 5 });
    const alerts = await alertsOf("", w);
    expect(alerts.map((a) => a.caseId).sort()).toEqual([...ids].sort());
    expect((await statusOf(w)).coverage).toBe(1);
    // run again by hand (a done run starts over): nothing new
    const { ids: again } = await queueRuns(t.services.db, "sanctions", w.id);
    expect(await runMonitoring({ db: t.services.db }, again[0]!, { batchSize: 3 })).toMatchObject({ state: "done", checked: 5, alerts: 0 });
    expect((await alertsOf("", w)).length).toBe(5);

    function reformatted() {
      return { ...holding, category: "SUSPENSÃO ", agency: " cgu" };
    }
  }, 120_000);

  it("commits batches in parallel and resumes a run killed with gaps between its committed ranges: no duplicate, no skip", async () => {
    const w = await t.createWorkspace();
    await api.put("/settings", w.tokens.admin, { monitoring: { sources: ["sanctions"] } });
    const docs = Array.from({ length: 9 }, (_, i) => makeCnpj(`505050${String(i).padStart(2, "0")}0001`));
    const ids = await Promise.all(docs.map((d) => watchedCase(w, d, "EMPRESA P")));
    await importSanctions(
      t.services.database,
      await writeSanctionsZip(
        dir,
        "CEIS",
        "20250420",
        docs.map((d) => sanction({ document: d, name: "EMPRESA P" })),
      ),
      () => {},
    );
    const { ids: runs } = await queueRuns(t.services.db, "sanctions", w.id);
    expect(runs).toHaveLength(1);
    const ranges = async () =>
      rowsOf(
        await t.services.db.execute(sql`select after_id, last_id from monitoring_run_ranges where run_id = ${runs[0]} order by after_id`),
      );
    // five batches of two, two at a time; the second and the fourth die in their transaction
    await expect(runMonitoring({ db: t.services.db }, runs[0]!, { batchSize: 2, concurrency: 2, failBatches: [1, 3] })).rejects.toThrow(
      /rolled back/,
    );
    const sorted = [...docs].sort();
    expect(await ranges()).toEqual([
      { after_id: "", last_id: sorted[1] },
      { after_id: sorted[3], last_id: sorted[5] },
      { after_id: sorted[7], last_id: sorted[8] },
    ]);
    expect((await statusOf(w)).runs[0]).toMatchObject({ state: "running", watched: 9, checked: 5, alerts: 5, endedAt: null });
    expect((await alertsOf("", w)).map((a) => a.caseId).sort()).toEqual([0, 1, 4, 5, 8].map((i) => ids[docs.indexOf(sorted[i]!)]).sort());
    // resumed with other batch sizes: only the gaps are compared (the counters would pass 9 otherwise)
    const done = await runMonitoring({ db: t.services.db }, runs[0]!, { batchSize: 3, concurrency: 3 });
    expect(done).toMatchObject({ state: "done", watched: 9, checked: 9, unchecked: 0, alerts: 9 });
    expect((await ranges()).map((r) => [r.after_id, r.last_id])).toEqual([
      ["", sorted[1]],
      [sorted[1], sorted[3]],
      [sorted[3], sorted[5]],
      [sorted[5], sorted[7]],
      [sorted[7], sorted[8]],
    ]);
    const alerts = await alertsOf("", w);
    expect(alerts.map((a) => a.caseId).sort()).toEqual([...ids].sort());
    const opened = rowsOf(
      await t.services.db.execute(sql`select count(*)::int as n from audit_events where workspace_id = ${w.id} and type = 'alert.opened'`),
    );
    expect(opened[0]!.n).toBe(9);
    expect((await statusOf(w)).coverage).toBe(1);
    // a done run starts over with no range: run again in parallel, it compares all nine and opens nothing
    const { ids: again } = await queueRuns(t.services.db, "sanctions", w.id);
    expect(again).toEqual(runs);
    expect(await runMonitoring({ db: t.services.db }, runs[0]!, { batchSize: 2, concurrency: 3 })).toMatchObject({
      state: "done",
      checked: 9,
      alerts: 0,
    });
    expect(await ranges()).toHaveLength(5);
    expect((await alertsOf("", w)).length).toBe(9);
  }, 120_000);

  it("lets a batch of a process that lost the run commit nothing", async () => {
    const w = await t.createWorkspace();
    await api.put("/settings", w.tokens.admin, { monitoring: { sources: ["sanctions"] } });
    await watchedCase(w, makeCnpj("505050990001"), "EMPRESA Q");
    const { ids: runs } = await queueRuns(t.services.db, "sanctions", w.id);
    // another process takes the run over between this one's start and its first commit
    const takeOver = async () => {
      await t.services.db.execute(sql`update monitoring_runs set runner = gen_random_uuid() where id = ${runs[0]}`);
    };
    await expect(runMonitoring({ db: t.services.db }, runs[0]!, { beforeCommit: takeOver })).rejects.toThrow(/took it over/);
    expect((await statusOf(w)).runs[0]).toMatchObject({ state: "running", checked: 0 });
    expect(rowsOf(await t.services.db.execute(sql`select 1 from monitoring_run_ranges where run_id = ${runs[0]}`))).toEqual([]);
    // a resume takes it over again and ends it
    expect(await runMonitoring({ db: t.services.db }, runs[0]!)).toMatchObject({ state: "done", checked: 1 });
  }, 120_000);

  it("fails a run whose release is no longer the latest, and counts its documents as pending", async () => {
    const w = await t.createWorkspace();
    await watchedCase(w, ACME, "ACME");
    const { ids } = await queueRuns(t.services.db, "sanctions", w.id);
    await importSanctions(t.services.database, await writeSanctionsZip(dir, "CNEP", "20250411", [acme]), () => {});
    expect(await runMonitoring({ db: t.services.db }, ids[0]!)).toMatchObject({ state: "failed" });
    expect(await statusOf(w)).toMatchObject({ watched: 1, checkedAgainstLatest: 0, unchecked: { count: 1, reasons: { pending: 1 } } });
  }, 120_000);
});
