// `npm run admin -- monitoring-run` as operators run it (issue 32, item 4): a real process on an
// embedded database of its own; the imports queue a run per workspace; the command runs them by
// hand, says what each compared, and refuses a bad --source or workspace with exit 2.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProcess } from "../support/processes";
import { writeSanctionsZip } from "../support/sanctions-fixture";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "lupa-monitoring-cli-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function admin(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = startProcess("server/admin/cli.ts", { LUPA_DATA_DIR: path.join(dir, "data"), DATABASE_URL: "" }, args);
  const code = await child.exited;
  return { code, output: child.output() };
}

describe("npm run admin -- monitoring-run", () => {
  it("refuses a bad source or workspace, says when nothing was imported, and runs what an import queued", async () => {
    const bad = await admin("monitoring-run", "--source", "receita");
    expect(bad.code).toBe(2);
    expect(bad.output).toContain("--source must be sanctions or registry");
    const noWs = await admin("monitoring-run", "--workspace", "00000000-0000-4000-8000-000000000000");
    expect(noWs.code).toBe(2);
    expect(noWs.output).toContain("no workspace 00000000-0000-4000-8000-000000000000");
    const created = await admin("create-workspace", "--name", "Monitorada");
    expect(created.code).toBe(0);
    const nothing = await admin("monitoring-run");
    expect(nothing.code).toBe(0);
    expect(nothing.output).toContain("sanctions: no release imported yet, nothing to compare");
    expect(nothing.output).toContain("registry: no release imported yet, nothing to compare");

    const zip = await writeSanctionsZip(dir, "CEIS", "20250110", [
      { kind: "J", document: "11222333000181", name: "ACME", category: "Suspensão", start: "01/01/2024", end: "", agency: "CGU", uf: "DF" },
    ]);
    const imported = await admin("import-sanctions", zip);
    expect(imported.code).toBe(0);
    expect(imported.output).toMatch(/Monitoring: \d+ run\(s\) of sanctions CEIS:20250110_CEIS\.zip queued \(one per workspace\)\./);
    const run = await admin("monitoring-run", "--source", "sanctions");
    expect(run.code).toBe(0);
    expect(run.output).toMatch(
      /Workspace [0-9a-f-]{36}: sanctions CEIS:20250110_CEIS\.zip: done, 0 watched, 0 checked, 0 unchecked, 0 alert\(s\) opened/,
    );
  }, 300_000);
});
