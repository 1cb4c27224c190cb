// A private API and console for one spec (e2e/mfa.spec.ts): the shared servers run with a long
// step-up window (playwright.config.ts), since the suite's sessions are signed in once by the
// setup project; step-up needs a session older than its window, so this spec starts its own pair
// with a short LUPA_STEP_UP_SECONDS, on a data folder of its own, from the builds the shared
// servers made (dist/, .next). Each process is stopped by its own id.
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { API_URL, WEB_URL } from "./env";

export interface PrivateStack {
  apiUrl: string;
  webUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Ports beside the shared ones (+60), or LUPA_E2E_MFA_API_PORT / LUPA_E2E_MFA_WEB_PORT. */
function ports() {
  const api = Number(process.env.LUPA_E2E_MFA_API_PORT ?? Number(new URL(API_URL).port) + 60);
  const web = Number(process.env.LUPA_E2E_MFA_WEB_PORT ?? Number(new URL(WEB_URL).port) + 60);
  return { api, web };
}

async function waitFor(url: string, timeoutMs: number, child: ChildProcess, name: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve();
    }, 15_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export async function startPrivateStack(env: Record<string, string>): Promise<PrivateStack> {
  const { api, web } = ports();
  const dataDir = `.lupa-e2e-mfa-${api}`;
  rmSync(dataDir, { recursive: true, force: true });
  const apiUrl = `http://127.0.0.1:${api}`;
  const webUrl = `http://127.0.0.1:${web}`;
  const common = { ...process.env, LUPA_DATA_DIR: dataDir, ...env };
  const apiProcess = spawn("node", ["dist/main.mjs"], {
    env: { ...common, LUPA_API_PORT: String(api), LUPA_LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const children = [apiProcess];
  const stop = async () => {
    for (const child of children.reverse()) await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${apiUrl}/health`, 180_000, apiProcess, "the private API");
    const webProcess = spawn("node", ["scripts/start-web.mjs"], {
      env: { ...common, LUPA_WEB_PORT: String(web), LUPA_API_URL: apiUrl, LUPA_WEB_REBUILD: "0", NEXTAUTH_URL: webUrl },
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(webProcess);
    await waitFor(`${webUrl}/login`, 180_000, webProcess, "the private console");
  } catch (error) {
    await stop();
    throw error;
  }
  return { apiUrl, webUrl, dataDir, stop };
}
