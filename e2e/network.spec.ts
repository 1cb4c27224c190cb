import { readFileSync } from "node:fs";
import { AUTH_DIR } from "./support/env";
import { HUGE_COMPANY, LARGE_PERSON, createEnrichment } from "./support/enrichments";
import { expect, gotoHydrated, test } from "./support/fixtures";

// The lawsuit network graph on the huge_network sandbox company (over 300 nodes): open it,
// filter it, click a node and read its lawsuits, export PNG and JSON, and the Lista tab.

test.describe.configure({ mode: "serial" });

let id: string;
test.beforeAll(async ({ playwright }) => {
  const { LupaApi } = await import("./support/api");
  const { API_URL } = await import("./support/env");
  const request = await playwright.request.newContext({ baseURL: API_URL });
  id = await createEnrichment(request, new LupaApi(request), HUGE_COMPANY, "prf_company_complete");
  await request.dispose();
});

test("opens the graph of a large network, settled and legible", async ({ page }) => {
  await gotoHydrated(page, `/enrichments/${id}`);
  await page.getByTestId("open-network").click();
  await expect(page).toHaveURL(new RegExp(`/enrichments/${id}/network$`));
  const graph = page.getByTestId("network-graph");
  await expect(graph).toHaveAttribute("data-settled", "true", { timeout: 45_000 });
  const nodes = Number(await graph.getAttribute("data-node-count"));
  expect(nodes).toBeGreaterThan(300);
  // settled means drawn: every node but the subject hangs from an edge, already there (no waiting)
  expect(await graph.getByTestId("graph-edges").locator("line").count()).toBe(nodes - 1);
  await expect(page.getByTestId("network-legend")).toContainText("Réu em processo ativo");
  await expect(page.getByTestId("network-legend")).toContainText("Empresa (quadrado)");
  await expect(page.locator("[data-testid=graph-node][data-entity=company]").first()).toBeVisible();
  await expect(page.locator(".react-flow__minimap")).toBeVisible();
});

test("filters: só como réu, relation type and depth narrow the graph and the list alike", async ({ page }) => {
  await gotoHydrated(page, `/enrichments/${id}/network`);
  const graph = page.getByTestId("network-graph");
  await expect(graph).toHaveAttribute("data-settled", "true", { timeout: 45_000 });
  const count = page.getByTestId("network-count");
  const total = Number((await count.textContent())!.split(" de ")[1]!.split(" ")[0]);
  await page.getByLabel("Só como réu").check();
  const defendants = Number((await count.textContent())!.split(" de ")[0]);
  expect(defendants).toBeLessThan(total);
  expect(defendants).toBeGreaterThan(0);
  await page.getByLabel("Profundidade").selectOption("1");
  const direct = Number((await count.textContent())!.split(" de ")[0]);
  expect(direct).toBeLessThan(defendants);
  await page.getByRole("tab", { name: "Lista" }).click();
  await expect(page.getByTestId("network-row")).toHaveCount(direct);
  await page.getByLabel("Sociedade").uncheck();
  const withoutPartners = Number((await count.textContent())!.split(" de ")[0]);
  expect(withoutPartners).toBeLessThan(direct);
  await expect(page.getByTestId("network-row")).toHaveCount(withoutPartners);
});

test("clicking a node opens its lawsuits from the node route; search finds by name", async ({ page }) => {
  await gotoHydrated(page, `/enrichments/${id}/network`);
  await expect(page.getByTestId("network-graph")).toHaveAttribute("data-settled", "true", { timeout: 45_000 });
  await page.getByLabel("Só com processos").check();
  await page.getByLabel("Profundidade").selectOption("1");
  const node = page.locator("[data-testid=graph-node][data-risk=defendant]").first();
  const name = await node.getAttribute("title");
  await node.click();
  const panel = page.getByTestId("node-panel");
  await expect(panel).toContainText(name!);
  await expect(panel.getByTestId("node-query-status")).toHaveText("Consulta concluída");
  const lawsuit = panel.getByTestId("node-lawsuit").first();
  await expect(lawsuit).toContainText(/\d{7}-\d{2}\.\d{4}\.\d\.\d{2}\.\d{4}/);
  await expect(lawsuit).toContainText("Tribunal");
  await expect(panel.getByTestId("lawsuit-role").first()).not.toBeEmpty();
  await expect(panel).toContainText("R$");
  await panel.getByRole("button", { name: "Fechar" }).click();
  const search = page.getByRole("combobox", { name: "Buscar por nome" });
  await search.fill(name!.slice(0, 8));
  await search.press("Enter");
  await expect(page.getByTestId("node-panel")).toBeVisible();
});

test("exports PNG and JSON of the shown network", async ({ page }) => {
  await gotoHydrated(page, `/enrichments/${id}/network`);
  await expect(page.getByTestId("network-graph")).toHaveAttribute("data-settled", "true", { timeout: 45_000 });
  await page.getByLabel("Só como réu").check();
  const png = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar PNG" }).click();
  const pngFile = await png;
  // the title's accents folded, the prefix once (it was rede-rede-de-processos-associac-a-o-...)
  expect(pngFile.suggestedFilename()).toBe("rede-de-processos-associacao-vitoria-de-apoio-comunitario.png");
  const bytes = readFileSync((await pngFile.path())!);
  expect(bytes.subarray(1, 4).toString()).toBe("PNG");
  expect(bytes.length).toBeGreaterThan(10_000);
  const json = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar JSON" }).click();
  const jsonFile = await json;
  expect(jsonFile.suggestedFilename()).toBe("rede-de-processos-associacao-vitoria-de-apoio-comunitario.json");
  const body = JSON.parse(readFileSync((await jsonFile.path())!, "utf8")) as {
    subject: { name: string };
    nodes: { asDefendant: number }[];
    filters: { asDefendant: boolean };
  };
  expect(body.filters.asDefendant).toBe(true);
  expect(body.nodes.length).toBeGreaterThan(0);
  expect(body.nodes.every((n) => n.asDefendant > 0)).toBe(true);
});

test("the minimap covers no node's name; Profundidade offers each level of the network", async ({ page }) => {
  await gotoHydrated(page, `/enrichments/${id}/network`);
  await expect(page.getByTestId("network-graph")).toHaveAttribute("data-settled", "true", { timeout: 45_000 });
  await expect(page.getByLabel("Profundidade").locator("option")).toHaveText([
    "1 nível (vínculos diretos)",
    "2 níveis",
    "3 níveis (todos)",
  ]);
  for (const depth of ["3", "1"]) {
    await page.getByLabel("Profundidade").selectOption(depth);
    await page.getByRole("button", { name: "Ajustar" }).click();
    await page.waitForTimeout(400); // the fit's animation (250 ms)
    const covered = await page.evaluate(() => {
      const box = document.querySelector(".react-flow__minimap")!.getBoundingClientRect();
      return [...document.querySelectorAll<HTMLElement>("[data-testid=graph-node]")]
        .filter((node) => {
          const label = node.lastElementChild!.getBoundingClientRect();
          return label.right > box.left && label.left < box.right && label.bottom > box.top && label.top < box.bottom;
        })
        .map((node) => node.title);
    });
    expect(covered, `names under the minimap at depth ${depth}`).toEqual([]);
  }
});

test("Lista tab: the same nodes as an accessible table, and Ver processos opens the panel", async ({ page }) => {
  await gotoHydrated(page, `/enrichments/${id}/network`);
  await page.getByRole("tab", { name: "Lista" }).click();
  const rows = page.getByTestId("network-row");
  const total = Number((await page.getByTestId("network-count").textContent())!.split(" de ")[0]);
  await expect(rows).toHaveCount(total);
  await page
    .getByRole("button", { name: /^Ver processos de / })
    .first()
    .click();
  await expect(page.getByTestId("node-panel")).toBeVisible();
});

test.describe("case page", () => {
  test.use({ storageState: `${AUTH_DIR}/analyst.json` });
  test("shows the Rede de processos of a verification", async ({ page, api }) => {
    const profileId = await api.verificationProfileId("person");
    const created = await api.createVerification(LARGE_PERSON, { profileId });
    await api.waitUntilTerminal(created.id);
    await gotoHydrated(page, `/verifications/${created.id}`);
    const section = page.getByTestId("network-section");
    // the section loads its graph once it has been on screen: sections above it that arrive later
    // (the review's "Por que este score", the AI summary) can push it away again before the
    // observer sees it, so scroll to it until the graph is there, as a reader would
    await expect(async () => {
      await section.scrollIntoViewIfNeeded();
      await expect(section.getByTestId("network-graph")).toBeAttached({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(section.getByTestId("network-graph")).toHaveAttribute("data-settled", "true", { timeout: 45_000 });
    await section.getByRole("tab", { name: "Lista" }).click();
    await expect(section.getByTestId("network-row").first()).toBeVisible();
    // a network of direct links only: no select with a single option
    await expect(section.getByTestId("network-depth-single")).toHaveText(/1 nível: só vínculos diretos/);
    await expect(section.getByRole("combobox", { name: "Profundidade" })).toHaveCount(0);
  });
});
