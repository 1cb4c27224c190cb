// Network benchmark (the lawsuit network; `graph` before issue 33): time from navigation to a settled graph of the huge_network sandbox company
// (over 300 nodes) and the JavaScript the graph route transfers. Needs a running console and
// API (production build for meaningful figures), e.g. `npm start`, or the e2e servers:
//   LUPA_BENCH_WEB_URL=http://127.0.0.1:3000 LUPA_BENCH_API_URL=http://127.0.0.1:4000 npm run bench -- network 5
import { chromium } from "@playwright/test";

const WEB = process.env.LUPA_BENCH_WEB_URL ?? "http://127.0.0.1:3000";
const API = process.env.LUPA_BENCH_API_URL ?? "http://127.0.0.1:4000";
const HUGE_COMPANY = "00000012000116";

/** An enrichment of `document` by the demo integration user, once terminal (also used by the pages bench). */
export async function createEnrichment(document = HUGE_COMPANY): Promise<string> {
  const auth = await fetch(`${API}/api/v1/authentication`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "integration@lupa.local", password: "lupa-demo" }),
  });
  const { accessToken } = (await auth.json()) as { accessToken: string };
  const created = await fetch(`${API}/api/v3/enrichments`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ document, profileId: "prf_company_complete" }),
  });
  const { id } = (await created.json()) as { id: string };
  for (;;) {
    const res = await fetch(`${API}/api/v3/enrichments/${id}`, { headers: { authorization: `Bearer ${accessToken}` } });
    const { status } = (await res.json()) as { status: string };
    if (status === "COMPLETED" || status === "FAILED") return id;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchNetwork(runs: number): Promise<void> {
  const id = await createEnrichment();
  const browser = await chromium.launch({
    executablePath: process.env.LUPA_CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "pt-BR" });
  const page = await context.newPage();
  await page.goto(`${WEB}/login`);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  await page.getByTestId("login-email").fill("analyst@lupa.local");
  await page.getByTestId("login-password").fill("lupa-demo");
  await page.getByTestId("login-submit").click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"), { timeout: 60_000 }); // lands on /overview

  const url = `${WEB}/enrichments/${id}/network`;
  const times: number[] = [];
  let nodes = 0;
  let scriptBytes = 0;
  let scriptCount = 0;
  for (let run = 0; run <= runs; run++) {
    // the first run is cold (JS transferred, layout computed by the BFF); the others are a
    // returning analyst's navigation (cached JS, cached layout) in a new tab
    const p = run === 0 ? page : await context.newPage();
    const started = Date.now();
    await p.goto(url);
    await p.locator("[data-testid=network-graph][data-settled=true]").waitFor({ state: "attached", timeout: 120_000 });
    const elapsed = Date.now() - started;
    nodes = Number(await p.getByTestId("network-graph").getAttribute("data-node-count"));
    if (run === 0) {
      const scripts = await p.evaluate(() =>
        (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((e) => e.initiatorType === "script" || e.name.endsWith(".js"))
          .map((e) => e.encodedBodySize || e.transferSize),
      );
      scriptBytes = scripts.reduce((a, b) => a + b, 0);
      scriptCount = scripts.length;
      console.log(`first load (layout computed and cached by the BFF): ${elapsed} ms`);
    } else times.push(elapsed);
    if (run > 0) await p.close();
  }
  console.log(`graph: ${nodes} nodes drawn (subject included)`);
  console.log(
    `navigation -> settled graph: median ${median(times)} ms over ${runs} runs (min ${Math.min(...times)}, max ${Math.max(...times)}); target < 1500 ms`,
  );
  console.log(
    `JavaScript of the graph route: ${scriptCount} files, ${(scriptBytes / 1024).toFixed(0)} KiB transferred (compressed as served)`,
  );
  await browser.close();
}
