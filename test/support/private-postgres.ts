// A private PostgreSQL 15 instance for fault tests that stop and restart the database: initdb into
// a temporary folder, its own port and socket folder. Never the machine's shared server. Runs as
// the `postgres` user when the tests run as root (initdb refuses root).
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const BIN = "/usr/lib/postgresql/15/bin";

export interface PrivatePostgres {
  url: string;
  port: number;
  start(): void;
  stop(mode?: "fast" | "immediate"): void;
  restart(): void;
  destroy(): void;
}

function run(command: string, args: string[]): string {
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  return execFileSync(file, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export function createPrivatePostgres(port: number): PrivatePostgres {
  const root = mkdtempSync(path.join(tmpdir(), "lupa-pg-"));
  chmodSync(root, 0o777);
  const data = path.join(root, "data");
  const socket = root;
  run(`${BIN}/initdb`, ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const ctl = (args: string[]) => run(`${BIN}/pg_ctl`, ["-D", data, "-l", path.join(root, "log"), ...args]);
  const options = `-p ${port} -k ${socket} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const instance: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => void ctl(["start", "-w", "-t", "60", "-o", options]),
    stop: (mode = "fast") => void ctl(["stop", "-w", "-m", mode]),
    restart: () => void ctl(["restart", "-w", "-m", "fast", "-t", "60", "-o", options]),
    destroy: () => {
      try {
        ctl(["stop", "-w", "-m", "immediate"]);
      } catch {
        // already stopped
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
  instance.start();
  return instance;
}
