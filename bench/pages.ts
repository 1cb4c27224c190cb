// Benchmark: the console's pages in Chromium against a running production build (`npm run
// build:web` then `npm run start:web`, with the service running). For each route it prints the
// JavaScript transferred on a first load (compressed bytes on the wire, cold cache: the scripts
// the HTML names, then apart what follows until the network is idle, then apart what scrolling to
// the page's end loads) and the LCP; then the time from the decision keypress (Enter in the
// confirmation) to the next case painted. Budgets (issue 23): at most 250 KiB of JavaScript until
// the first view is idle, LCP under 500 ms on loopback, the decision to the next case under 300 ms.
// Usage: npm run bench -- pages [webUrl=http://127.0.0.1:3000] [decisions=5]
// Signs in as the demo analyst; decisions are recorded on real cases of the "Aguardando decisão" queue.
import { chromium, type Browser, type Page } from "@playwright/test";
import { createEnrichment } from "./network";

// The large_network sandbox company: its network (over 25 parties) is what the network route draws.
const NETWORK_COMPANY = "00000010000127";

const KiB = 1024;

async function signIn(browser: Browser, web: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${web}/login`);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  await page.getByTestId("login-email").fill("analyst@lupa.local");
  await page.getByTestId("login-password").fill(process.env.LUPA_BENCH_PASSWORD ?? "lupa-demo");
  await page.getByTestId("login-submit").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 60_000 });
  const state = JSON.stringify(await context.storageState());
  await context.close();
  return state;
}

/**
 * `js`: the scripts the page's HTML names (`<script src>`), the route's first-load JavaScript as
 * Next.js counts it; `later`: the scripts fetched after them until the network is idle (chunks
 * loaded with next/dynamic after hydration, and the routes Next.js prefetches for the links in
 * view); `scrolled`: what loads as the page is then scrolled to its end (content below the first
 * view that loads its code as it comes near: the charts).
 */
async function measure(
  browser: Browser,
  state: string,
  url: string,
  ready: string,
): Promise<{ js: number; later: number; scrolled: number; lcp: number; requests: number; ttfb: number; fcp: number; element: string }> {
  const context = await browser.newContext({ storageState: JSON.parse(state) });
  const page = await context.newPage();
  let js = 0;
  let later = 0;
  let scrolled = 0;
  let scrolling = false;
  let requests = 0;
  // the scripts the route's HTML names, read with the same cookies before the page loads it
  const html = await (await context.request.get(url)).text();
  const named = new Set([...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, "&"), url).href));
  const sizes: Promise<void>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    requests++;
    sizes.push(
      request.sizes().then((s) => {
        if (scrolling) scrolled += s.responseBodySize;
        else if (named.has(request.url())) js += s.responseBodySize;
        else later += s.responseBodySize;
      }),
    );
  });
  await page.goto(url, { waitUntil: "load" });
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState("networkidle");
  await Promise.all(sizes);
  // the LCP, the element it painted (what to look at when it is over budget) and the time to the
  // HTML's first byte (the server's share of it), and the first paint (an LCP well after it is
  // content that came later than the page's frame: streamed behind a loading state, or read after
  // hydration)
  const { lcp, element, ttfb, fcp } = await page.evaluate(
    () =>
      new Promise<{ lcp: number; element: string; ttfb: number; fcp: number }>((resolve) => {
        const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
        const ttfb = nav ? nav.responseStart : -1;
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1;
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
          const el = last?.element ?? null;
          const name = el
            ? `${el.tagName.toLowerCase()}${el.getAttribute("data-testid") ? `[${el.getAttribute("data-testid")}]` : ""}`
            : "?";
          resolve({ lcp: last?.startTime ?? -1, element: name, ttfb, fcp });
        }).observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(() => resolve({ lcp: -1, element: "?", ttfb, fcp }), 2000);
      }),
  );
  await Promise.all(sizes);
  // then the rest of the page, as a reader scrolls through it
  let pending = 0;
  let lastActivity = Date.now();
  page.on("request", () => {
    pending++;
    lastActivity = Date.now();
  });
  const settled = () => {
    pending = Math.max(0, pending - 1);
    lastActivity = Date.now();
  };
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);
  scrolling = true;
  for (let step = 0; step < 40; step++) {
    const more = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 1;
    });
    await page.waitForTimeout(50);
    if (!more) break;
  }
  // the page's networkidle event has fired already (waitForLoadState would return at once): wait
  // for 700 ms without a request under way instead
  for (let quietSince = Date.now(); Date.now() - quietSince < 700;) {
    await page.waitForTimeout(100);
    if (pending > 0 || Date.now() - lastActivity < 100) quietSince = Date.now();
  }
  page.removeAllListeners("requestfinished");
  await Promise.all(sizes);
  await context.close();
  return { js, later, scrolled, lcp, requests, ttfb, fcp, element };
}

async function decisionToNextCase(page: Page): Promise<number> {
  const current = await page.getByTestId("verification-detail").getAttribute("data-id");
  // the case page's shortcuts listen once it has hydrated (html[data-triage=<id>])
  await page.locator(`html[data-triage="${current}"]`).waitFor({ state: "attached" });
  // an analyst reads the case before deciding: the page prefetches the next one meanwhile (issue
  // 23: "prefetch the next case while the analyst reads the current one"); deciding the moment
  // the buttons work measured that prefetch racing the decision instead
  await page.waitForLoadState("networkidle");
  // "Em espera": the case leaves the "Aguardando decisão" queue as any decision makes it
  await page.keyboard.press("e");
  await page.getByTestId("decision-confirm").waitFor();
  // a case with risk flags asks for a comment: always write one, and send it with Ctrl+Enter
  await page.getByTestId("decision-comment").focus();
  await page.keyboard.type("bench");
  await page.evaluate((id) => {
    const w = window as unknown as { __t0?: number; __t1?: number };
    w.__t0 = undefined;
    w.__t1 = undefined;
    // the Enter of Ctrl+Enter (its Control comes first, as a keydown of its own)
    // (an inline listener: a named function here would be wrapped by the bundler in a helper the
    // page does not have)
    const stop = new AbortController();
    window.addEventListener(
      "keydown",
      (e) => {
        if (e.key !== "Enter") return;
        w.__t0 = performance.now();
        stop.abort();
      },
      { capture: true, signal: stop.signal },
    );
    const observer = new MutationObserver(() => {
      const detail = document.querySelector<HTMLElement>("[data-testid=verification-detail]");
      if (detail && detail.dataset.id !== id && w.__t1 === undefined) {
        observer.disconnect();
        // the frame after the one that holds the new case: it has been painted
        requestAnimationFrame(() => requestAnimationFrame(() => (w.__t1 = performance.now())));
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-id"] });
  }, current);
  await page.keyboard.press("Control+Enter");
  try {
    await page.waitForFunction(() => (window as unknown as { __t1?: number }).__t1 !== undefined, undefined, { timeout: 30_000 });
  } catch (error) {
    // say why the next case did not come: a refused decision or the end of the queue shows a message
    const said = await page.locator("[role=alert], [data-testid=toast], [data-testid=decision-problem]").allInnerTexts();
    throw new Error(`no next case after deciding ${current}: ${said.join(" | ") || "nothing said"} (${String(error)})`);
  }
  return page.evaluate(() => {
    const w = window as unknown as { __t0: number; __t1: number };
    return w.__t1 - w.__t0;
  });
}

export async function benchPages(web: string, decisions: number): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.LUPA_CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const state = await signIn(browser, web);
    const context = await browser.newContext({ storageState: JSON.parse(state) });
    const probe = await context.newPage();
    await probe.goto(`${web}/verifications?status=COMPLETED&feedback=NOTSTARTED&limit=25`);
    const caseId = await probe.getByTestId("verification-row").first().getAttribute("data-id");
    await context.close();

    // the enrichment pages (issue 9) need an enrichment: made through the API (LUPA_BENCH_API_URL)
    const enrichmentId = await createEnrichment(NETWORK_COMPANY);
    const routes: Array<[string, string, string]> = [
      ["/login", `${web}/login`, "[data-testid=login-form]"],
      ["/overview", `${web}/overview`, "[data-testid=figure-total]"],
      ["/verifications", `${web}/verifications`, "[data-testid=verification-row]"],
      ["/verifications/[id]", `${web}/verifications/${caseId}`, "[data-testid=verification-header]"],
      ["/restrictive-list", `${web}/restrictive-list`, "h1"],
      ["/enrichments", `${web}/enrichments`, "[data-testid=enrichment-row]"],
      ["/enrichments/new", `${web}/enrichments/new`, "[data-testid=new-enrichment-form]"],
      ["/enrichments/batch", `${web}/enrichments/batch`, "[data-testid=batch-file]"],
      ["/enrichments/[id]", `${web}/enrichments/${enrichmentId}`, "[data-testid=enrichment-detail]"],
      ["/enrichments/[id]/network", `${web}/enrichments/${enrichmentId}/network`, "[data-testid=network-graph][data-settled=true]"],
    ];
    // Budgets (issue 23): every byte of JavaScript until the first view is idle (charts in it
    // included) under 250 KiB, and LCP under 500 ms on loopback; then what scrolling to the page's
    // end loads (charts below the first view), beside it
    console.log(
      "route                  first-load JS (KiB)  then, until idle (KiB)  first view JS (KiB, budget 250)  on scroll (KiB)  scripts  LCP (ms, budget 500)  HTML first byte  first paint  LCP element",
    );
    for (const [label, url, ready] of routes) {
      const m = await measure(browser, label === "/login" ? JSON.stringify({ cookies: [], origins: [] }) : state, url, ready);
      const all = m.js + m.later;
      const jsOk = all <= 250 * KiB;
      const lcpOk = m.lcp >= 0 && m.lcp < 500;
      console.log(
        `${label.padEnd(22)} ${(m.js / KiB).toFixed(1).padStart(19)}  ${(m.later / KiB).toFixed(1).padStart(22)}  ${`${(all / KiB).toFixed(1)} ${jsOk ? "ok" : "OVER"}`.padStart(31)}  ${(m.scrolled / KiB).toFixed(1).padStart(15)}  ${String(m.requests).padStart(7)}  ${`${m.lcp.toFixed(0)} ${lcpOk ? "ok" : "OVER"}`.padStart(20)}  ${`${m.ttfb.toFixed(0)} ms`.padStart(15)}  ${`${m.fcp.toFixed(0)} ms`.padStart(11)}  ${m.element}`,
      );
    }

    const triage = await browser.newContext({ storageState: JSON.parse(state) });
    const page = await triage.newPage();
    // the unassigned queue: a case someone else holds asks for a takeover before the decision
    await page.goto(`${web}/verifications?queue=unassigned&status=COMPLETED&feedback=NOTSTARTED&limit=25`);
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
    await page.getByTestId("verification-row").first().getByTestId("row-name").click();
    const times: number[] = [];
    for (let i = 0; i < decisions; i++) {
      await page.getByTestId("decision-actions").waitFor();
      times.push(await decisionToNextCase(page));
    }
    times.sort((a, b) => a - b);
    console.log(
      `decision keypress (Enter) to next case painted, ${times.length} decisions: median ${times[Math.floor(times.length / 2)].toFixed(0)} ms (budget 300: ${times[Math.floor(times.length / 2)] < 300 ? "ok" : "OVER"}), worst ${times[times.length - 1].toFixed(0)} ms`,
    );
    await triage.close();
  } finally {
    await browser.close();
  }
}
