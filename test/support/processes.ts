// Real service processes for tests that must cross process boundaries (crash, restart, lock,
// several workers). Each child's pid is kept and it is stopped by pid.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { inject } from "vitest";
import { ENTRIES } from "../../scripts/build-server.mjs";

export interface ServiceProcess {
  child: ChildProcess;
  output(): string;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The compiled bundle of an entry point (`server/main.ts` → main.mjs), from the build the global
 * setup made for this run (test/support/global-setup.ts): processes run as in production, plain
 * `node`, with no TypeScript loader.
 */
export function compiledEntry(script: string): string {
  const name = Object.entries(ENTRIES).find(([, file]) => file === script)?.[0];
  if (!name) throw new Error(`${script} is not an entry point of the service build (scripts/build-server.mjs)`);
  return path.join(inject("serverBuild"), `${name}.mjs`);
}

export function startProcess(script: string, env: Record<string, string>, args: string[] = [], input?: string): ServiceProcess {
  // node itself (not a wrapper such as npm): the pid is the service's, so SIGKILL hits it
  // a plain JavaScript script (scripts/start-web.mjs) runs as it is
  const file = /\.m?js$/.test(script) ? script : compiledEntry(script);
  const child = spawn(process.execPath, [file, ...args], {
    env: { ...process.env, ...env },
    stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  if (input !== undefined) child.stdin!.end(input); // standard input, then its end (the admin command's --password-stdin)
  let text = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    output: () => text,
    exited,
    waitFor(pattern, timeoutMs = 90_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(text)) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`Timed out waiting for ${pattern} in output of ${script}:\n${text.slice(-3000)}`));
        }, timeoutMs);
        listeners.add(check);
        void exited.then(() =>
          setTimeout(() => {
            if (listeners.has(check)) {
              listeners.delete(check);
              clearTimeout(timer);
              reject(new Error(`${script} exited before ${pattern}:\n${text.slice(-3000)}`));
            }
          }, 50),
        );
        check();
      });
    },
    async kill(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/** Runs a command to completion (admin CLI), `input` on its standard input, and returns its exit code and output. */
export async function runProcess(
  script: string,
  env: Record<string, string>,
  args: string[],
  input?: string,
): Promise<{ code: number | null; output: string }> {
  const p = startProcess(script, env, args, input);
  const code = await p.exited;
  return { code, output: p.output() };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}
