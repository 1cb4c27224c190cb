// PGlite is one process's database: a second process opening the same folder would silently
// lose data. The lock file records the owner's pid; a lock whose process is gone is taken over.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data folder ${dir} is in use by another Lupa process (pid ${pid}). ` +
        `Stop it first, or set LUPA_DATA_DIR to another folder. ` +
        `To run several processes, use PostgreSQL (DATABASE_URL).`,
    );
    this.name = "DataDirLockedError";
  }
}

/** Takes the folder's lock or throws DataDirLockedError; returns the release function. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, "lupa.lock");
  for (let tries = 0; tries < 2; tries++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => {
        try {
          if (readFileSync(file, "utf8") === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(file, "utf8"));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(dir, pid);
      }
      unlinkSync(file); // stale lock of a process that is gone
    }
  }
  throw new Error(`Could not take the lock of ${dir}`);
}
