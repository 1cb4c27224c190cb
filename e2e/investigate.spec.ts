import { writeFileSync } from "node:fs";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { AUTH_DIR } from "./support/env";
import { expect, gotoHydrated, test } from "./support/fixtures";
import { largeGraph } from "./support/graph-fixture";

// Investigação (/investigate, issue 33 item 4), in a real browser against the real service: open
// it from a company case, expand by two levels with the key 2, find a path to a company found on
// the way by its CNPJ, switch the lawsuits layer off, export GraphML (parsed back by the browser's
// XML parser: its nodes are the list's), save on the case and see it reopen from the case's
// timeline as saved. Then a 2,000-node graph (a JSON opened by "Abrir JSON") at 1280 and 420 px,
// a path and the side panel: screenshots under /work/shots/graph-console/, axe without serious
// violations. And the layout off the page's thread: while its worker is held back, the list works;
// without Worker the page lays out on its own thread.

const SHOTS = process.env.LUPA_E2E_SHOTS ?? "/work/shots/graph-console";

/**
 * A company whose sandbox lawsuits (deterministic per document) name another company and a
 * registry partner: two levels from it reach them, and a path runs through a shared lawsuit.
 */
const COMPANY = "48640767000101";

const listed = (page: import("@playwright/test").Page) => page.getByTestId("investigate-node");

async function settled(page: import("@playwright/test").Page) {
  await expect(page.getByTestId("investigate-page")).toHaveAttribute("data-busy", "", { timeout: 60_000 });
}

test("investigate: expand by 2, path to a CNPJ, lawsuits layer off, GraphML parsed back, saved on the case and reopened", async ({
  browser,
  api,
}) => {
  test.setTimeout(240_000);
  const created = await api.createVerification(COMPANY, { profileId: await api.verificationProfileId("company") });
  expect((await api.waitUntilTerminal(created.id, 90_000)).status).toBe("COMPLETED");

  const context = await browser.newContext({
    storageState: `${AUTH_DIR}/analyst.json`,
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  try {
    // from the case page's "Investigar"
    await gotoHydrated(page, `/verifications/${created.id}`);
    await page.getByTestId("investigate-link").click();
    await expect(page).toHaveURL(new RegExp(`/investigate\\?node=case%3A${created.id}&case=${created.id}$`));
    await expect(page.getByRole("link", { name: "Investigação" }).first()).toBeVisible();
    await expect(listed(page).first()).toBeVisible({ timeout: 60_000 });
    await settled(page);
    const root = await page.getByTestId("investigate-panel").getByRole("heading", { level: 2 }).textContent();
    expect(root).toBeTruthy();
    const atDepth1 = await listed(page).count();
    expect(atDepth1).toBeGreaterThan(1);

    // key 2 expands the selected node (the start) by two levels
    await page.locator("body").press("2");
    await expect.poll(async () => listed(page).count(), { timeout: 60_000 }).toBeGreaterThan(atDepth1);
    await settled(page);
    const expanded = await listed(page).count();

    // "Caminho até…" a company reached on the way, by its CNPJ as typed
    const ids = await listed(page).evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.nodeId!));
    const startId = ids[0]!;
    const target = ids.filter((id) => id.startsWith("company:") && id !== startId).at(-1);
    expect(target, "a company two levels away").toBeTruthy();
    const cnpj = target!.slice("company:".length);
    await page.getByTestId("investigate-panel").getByRole("button", { name: "Fechar o painel do nó" }).click();
    await page
      .getByRole("textbox", { name: /Caminho até/ })
      .fill(`${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`);
    await page.getByTestId("investigate-path-submit").click();
    await expect(page.getByTestId("investigate-paths")).toContainText(/caminhos? encontrados?/, { timeout: 60_000 });
    await expect(page.getByTestId("investigate-path").first()).toBeVisible();
    await expect(page.getByTestId("investigate-paths")).toContainText("nós visitados");
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/path-case-1280.png`, fullPage: true });

    // the lawsuits layer off: no lawsuit in the list, fewer nodes; on again: back
    const lawsuits = await page.locator('[data-testid="investigate-node"][data-node-type="lawsuit"]').count();
    await page.getByTestId("investigate-layer-lawsuits").uncheck();
    await expect(page.locator('[data-testid="investigate-node"][data-node-type="lawsuit"]')).toHaveCount(0);
    if (lawsuits > 0) expect(await listed(page).count()).toBeLessThan(expanded);
    await page.getByTestId("investigate-layer-lawsuits").check();
    await expect(page.locator('[data-testid="investigate-node"][data-node-type="lawsuit"]')).toHaveCount(lawsuits);

    // GraphML: recorded, downloaded, parsed back by the browser's XML parser
    const shown = await listed(page).count();
    const download = page.waitForEvent("download");
    await page.getByTestId("investigate-export").selectOption("graphml");
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^investigacao-.*\.graphml$/);
    const xml = await (await import("node:fs/promises")).readFile((await file.path())!, "utf8");
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      const error = doc.getElementsByTagName("parsererror").length > 0;
      const keys = [...doc.getElementsByTagName("key")].map((k) => k.getAttribute("attr.name"));
      return { error, nodes: doc.getElementsByTagName("node").length, edges: doc.getElementsByTagName("edge").length, keys };
    }, xml);
    expect(parsed.error).toBe(false);
    expect(parsed.nodes).toBe(shown);
    expect(parsed.edges).toBeGreaterThan(0);
    expect(parsed.keys).toEqual(expect.arrayContaining(["label", "type", "flags"]));

    // Salvar no caso: reopens as saved, then from the case's timeline
    await page.getByTestId("investigate-save").click();
    await expect(page).toHaveURL(new RegExp(`/investigate\\?case=${created.id}&snapshot=[0-9a-f-]{36}$`), { timeout: 30_000 });
    await expect(page.getByTestId("investigate-snapshot-info")).toContainText("Grafo salvo");
    await expect.poll(async () => listed(page).count(), { timeout: 30_000 }).toBe(shown);
    const snapshotUrl = page.url();

    await gotoHydrated(page, `/verifications/${created.id}`);
    const saved = page.locator('[data-testid="timeline-event"][data-type="graph.snapshot_saved"]');
    await expect(saved).toHaveCount(1, { timeout: 30_000 });
    await expect(page.locator('[data-testid="timeline-event"][data-type="graph.exported"]')).toHaveCount(1);
    await saved.getByTestId("timeline-snapshot-link").click();
    await expect(page).toHaveURL(snapshotUrl);
    await expect.poll(async () => listed(page).count(), { timeout: 30_000 }).toBe(shown);
  } finally {
    await context.close();
  }
});

test("investigate: a 2,000-node graph at 1280 and 420 px, a path and the side panel; axe", async ({ browser }) => {
  test.setTimeout(240_000);
  const fixture = largeGraph(2000);
  const file = test.info().outputPath("grafo-2000.json");
  writeFileSync(file, JSON.stringify(fixture));

  const context = await browser.newContext({ storageState: `${AUTH_DIR}/analyst.json`, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await gotoHydrated(page, "/investigate");
    await expect(page.getByTestId("investigate-empty")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/investigate empty");
    await page.getByTestId("investigate-import").setInputFiles(file);
    await expect(page.getByTestId("investigate-list-count")).toContainText("2.000 de 2.000 nós", { timeout: 60_000 });
    await settled(page);
    await expect(page.getByTestId("investigate-page")).toHaveAttribute("data-layout-thread", "worker");
    const layoutMs = await page.getByTestId("investigate-page").getAttribute("data-layout-ms");
    const computeMs = await page.getByTestId("investigate-page").getAttribute("data-layout-compute-ms");
    test
      .info()
      .annotations.push({ type: "layout of 2,000 nodes in Chromium (ms)", description: `${layoutMs} (in the worker ${computeMs})` });
    console.log(`layout of 2,000 nodes in Chromium: ${layoutMs} ms, of which the worker's layout ${computeMs} ms`);
    await expect(page.getByTestId("investigate-canvas")).toBeVisible();
    await page.waitForTimeout(500); // sigma draws on the next animation frames
    await page.screenshot({ path: `${SHOTS}/graph-2000-1280.png` });
    await expectNoSeriousA11yViolations(page, "/investigate 2,000 nodes at 1280 px");

    // the side panel of the most connected node, then its neighbours highlighted
    await listed(page).first().click();
    await expect(page.getByTestId("investigate-panel")).toBeVisible();
    await expect(page.getByTestId("investigate-panel-attributes")).toContainText("Situação");
    await page.getByTestId("investigate-neighbours").click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/side-panel-1280.png` });
    await expectNoSeriousA11yViolations(page, "/investigate side panel at 1280 px");

    // hide and pin act on the view
    await page.getByTestId("investigate-pin").click();
    await expect(page.getByTestId("investigate-pin")).toHaveAttribute("aria-pressed", "true");
    await page.getByTestId("investigate-hide").click();
    await expect(page.getByTestId("investigate-list-count")).toHaveText("1.999 de 1.999 nós");

    // 420 px: the list stands in for the canvas
    await page.setViewportSize({ width: 420, height: 900 });
    await expect(page.getByTestId("investigate-canvas")).toHaveCount(0);
    await expect(page.getByTestId("investigate-node-list")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/graph-2000-420.png` });
    await listed(page).nth(3).click();
    await page.getByTestId("investigate-panel").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/side-panel-420.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page, "/investigate at 420 px");
  } finally {
    await context.close();
  }
});

test("investigate: the layout runs in a worker, the list stays usable meanwhile; without Worker, on the page's thread", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const fixture = largeGraph(600);
  const file = test.info().outputPath("grafo-600.json");
  writeFileSync(file, JSON.stringify(fixture));

  const context = await browser.newContext({ storageState: `${AUTH_DIR}/analyst.json`, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    // the worker's script (Turbopack's worker bootstrap) held back until the list has been used:
    // the layout cannot finish before, so whatever the page does meanwhile it does during the layout
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const requested = new Promise<void>(
      (resolve) =>
        void page.route(/turbopack-worker-[^/]*\.js|layout\.worker/, async (route) => {
          resolve();
          await released;
          await route.continue();
        }),
    );
    await gotoHydrated(page, "/investigate");
    await page.getByTestId("investigate-import").setInputFiles(file);
    await requested;
    const root = page.getByTestId("investigate-page");
    await expect(root).toHaveAttribute("data-busy", "layout");
    await expect(page.getByTestId("investigate-layout-progress")).toContainText("Organizando o grafo…");
    await expect(page.getByRole("progressbar", { name: "Progresso da organização do grafo" })).toBeVisible();

    // meanwhile: filter the list, select a node, read its panel
    const someone = fixture.nodes.find((n) => n.type === "company")!;
    await page.getByRole("searchbox", { name: "Filtrar nós por nome ou documento" }).fill(someone.label);
    await expect(page.getByTestId("investigate-list-count")).not.toContainText("600 de 600");
    await page.locator(`[data-testid="investigate-node"][data-node-id="${someone.id}"]`).click();
    await expect(page.getByTestId("investigate-panel").getByRole("heading", { level: 2 })).toHaveText(someone.label);
    await expect(root).toHaveAttribute("data-busy", "layout");
    await expectNoSeriousA11yViolations(page, "/investigate while the layout runs");

    release();
    await settled(page);
    await expect(root).toHaveAttribute("data-layout-thread", "worker");
    await expect(root).not.toHaveAttribute("data-layout-ms", "");
  } finally {
    await context.close();
  }

  // a browser without Worker: the same graph laid out on the page's thread
  const bare = await browser.newContext({ storageState: `${AUTH_DIR}/analyst.json`, viewport: { width: 1280, height: 900 } });
  const page2 = await bare.newPage();
  try {
    await page2.addInitScript(() => {
      delete (window as { Worker?: unknown }).Worker;
    });
    await gotoHydrated(page2, "/investigate");
    await page2.getByTestId("investigate-import").setInputFiles(file);
    await expect(page2.getByTestId("investigate-list-count")).toContainText("600 de 600 nós", { timeout: 60_000 });
    await settled(page2);
    await expect(page2.getByTestId("investigate-page")).toHaveAttribute("data-layout-thread", "main");
  } finally {
    await bare.close();
  }
});
