// Benchmark: signing in to the console (issue 20, item 12), from the click on "Entrar" to the first
// page painted (the overview's heading), in Chromium against a running production build and API
// (`npm start`, or `npm run start:api` and `npm run start:web`). Beside it, measured in the same
// run on the same machine: the bare password hash (scrypt at the service's cost, N = 2^17, in this
// process) and the API's own sign-in (POST /api/v1/authentication, which runs that hash). The
// difference is what the console adds; the target is the whole under 1.5 s with the hash as strong.
// For the last run it prints every request the browser made after the click, with its start and
// end, so the cost of each step shows.
// Usage: npm run bench -- signin [webUrl=http://127.0.0.1:3000] [runs=5] [apiUrl=http://127.0.0.1:4000]
// Signs in as the demo analyst (password lupa-demo, or LUPA_BENCH_PASSWORD).
import { chromium, type Browser, type Request } from "@playwright/test";
import { hashPassword } from "../server/auth/passwords";

const EMAIL = "analyst@lupa.local";
const PASSWORD = process.env.LUPA_BENCH_PASSWORD ?? "lupa-demo";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`;

interface Step {
  url: string;
  method: string;
  status: number | null;
  start: number;
  end: number;
}

async function signInOnce(browser: Browser, web: string): Promise<{ total: number; steps: Step[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${web}/login`);
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  await page.getByTestId("login-email").fill(EMAIL);
  await page.getByTestId("login-password").fill(PASSWORD);
  const steps: Step[] = [];
  const started = new Map<Request, number>();
  let t0 = 0;
  page.on("request", (request) => void started.set(request, performance.now() - t0));
  const finish = async (request: Request) => {
    const response = await request.response().catch(() => null);
    steps.push({
      url: new URL(request.url()).pathname + new URL(request.url()).search,
      method: request.method(),
      status: response?.status() ?? null,
      start: started.get(request) ?? 0,
      end: performance.now() - t0,
    });
  };
  page.on("requestfinished", (r) => void finish(r));
  page.on("requestfailed", (r) => void finish(r));
  t0 = performance.now();
  await page.getByTestId("login-submit").click();
  await page.waitForURL((url) => url.pathname.startsWith("/overview"), { timeout: 60_000 });
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  const total = performance.now() - t0;
  await context.close();
  return { total, steps: steps.sort((a, b) => a.start - b.start) };
}

async function apiSignIn(api: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${api}/api/v1/authentication`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: EMAIL, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`API sign-in answered ${res.status}`);
  await res.arrayBuffer();
  return performance.now() - t0;
}

export async function benchSignIn(web: string, runs: number, api: string): Promise<void> {
  // the baseline: the bare hash at the service's cost, in this process
  const logN = Number(process.env.LUPA_SCRYPT_LOG_N || 17);
  const hashes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await hashPassword(PASSWORD, logN);
    hashes.push(performance.now() - t0);
  }
  const apiTimes: number[] = [];
  for (let i = 0; i < Math.max(3, runs); i++) apiTimes.push(await apiSignIn(api));

  const browser = await chromium.launch({ executablePath: process.env.LUPA_CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  const totals: number[] = [];
  let last: Step[] = [];
  let first: { total: number; steps: Step[] };
  try {
    // the console's first sign-in since it started: its routes' code is loaded on first use
    first = await signInOnce(browser, web);
    for (let i = 0; i < runs; i++) {
      const { total, steps } = await signInOnce(browser, web);
      totals.push(total);
      last = steps;
    }
  } finally {
    await browser.close();
  }

  console.log(`sign-in, ${runs} runs (median; min-max)`);
  console.log(`  baseline: bare scrypt hash (N = 2^${logN}) in this process   ${ms(median(hashes))}`);
  console.log(
    `  API sign-in (POST /api/v1/authentication)           ${ms(median(apiTimes))}  (${ms(Math.min(...apiTimes))}-${ms(Math.max(...apiTimes))})`,
  );
  console.log(
    `  console: click "Entrar" -> overview painted          ${ms(median(totals))}  (${ms(Math.min(...totals))}-${ms(Math.max(...totals))})  target < 1500 ms`,
  );
  console.log(`  console beyond the API's sign-in                    ${ms(median(totals) - median(apiTimes))}`);
  console.log(`  the console's first sign-in since its start (not in the median): ${ms(first.total)}`);
  const show = (steps: Step[]) => {
    for (const s of steps) {
      if (s.url.startsWith("/_next/static")) continue;
      console.log(
        `    ${String(Math.round(s.start)).padStart(5)} -> ${String(Math.round(s.end)).padStart(5)}  ${s.method} ${s.url} ${s.status ?? "failed"}`,
      );
    }
    const statics = steps.filter((s) => s.url.startsWith("/_next/static"));
    if (statics.length) console.log(`    and ${statics.length} static files (scripts, styles, fonts)`);
  };
  console.log("  its requests after the click (start -> end, ms):");
  show(first.steps);
  console.log("  the last run's requests after the click (start -> end, ms):");
  show(last);
}
