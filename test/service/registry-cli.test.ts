// `npm run admin -- import-cnpj` and `import-sanctions` as operators run them: real processes on
// an embedded database of their own, their output and exit codes; then --restart and --reload.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProcess } from "../support/processes";
import { releaseOne, writeReleaseFolder } from "../support/receita-fixture";
import { writeSanctionsZip } from "../support/sanctions-fixture";
import { writeZip } from "../support/zip-write";

let dir: string;
let month: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lupa-registry-cli-"));
  month = await writeReleaseFolder(dir, "2025-01", releaseOne());
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function admin(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = startProcess("server/admin/cli.ts", { LUPA_DATA_DIR: path.join(dir, "data"), DATABASE_URL: "" }, args);
  const code = await child.exited;
  return { code, output: child.output() };
}

describe("npm run admin -- import-cnpj / import-sanctions", () => {
  it("refuses a missing folder, a folder that is not a month, and extra arguments, with exit 2", async () => {
    const none = await admin("import-cnpj");
    expect(none.code).toBe(2);
    expect(none.output).toContain("import-cnpj takes one folder");
    const notMonth = await admin("import-cnpj", dir);
    expect(notMonth.code).toBe(2);
    expect(notMonth.output).toContain(
      `the folder's name "${path.basename(dir)}" is not a month (YYYY-MM): name it so, or pass --release YYYY-MM`,
    );
    const two = await admin("import-cnpj", month, month);
    expect(two.code).toBe(2);
    const stray = await admin("list-workspaces", "extra");
    expect(stray.code).toBe(2);
    expect(stray.output).toContain("Unexpected argument extra");
  }, 120_000);

  it("imports a month, says so when it is live already, reloads it on demand", async () => {
    const first = await admin("import-cnpj", month);
    expect(first.code).toBe(0);
    expect(first.output).toContain("Release 2025-01 from");
    expect(first.output).toMatch(/Release 2025-01 is live: 5 establishments, 4 companies, 5 partners; .* 3 refused\./);
    const again = await admin("import-cnpj", month);
    expect(again.code).toBe(0);
    expect(again.output).toContain("Release 2025-01 is already live (registry_r1); --reload loads it again.");
    const reload = await admin("import-cnpj", month, "--reload");
    expect(reload.code).toBe(0);
    expect(reload.output).toContain("into registry_r2 (11 files)");
    expect(reload.output).toContain("Release 2025-01 is live (replaced 2025-01)");
  }, 180_000);

  it("starts an unfinished month over with --restart", async () => {
    const next = await writeReleaseFolder(dir, "2025-02", releaseOne());
    writeFileSync(path.join(next, "Simples.zip"), "not a zip"); // the last file: the others load, then it stops
    const broken = await admin("import-cnpj", next);
    expect(broken.code).toBe(1);
    expect(broken.output).toContain("Simples.zip: not a zip file");
    await writeReleaseFolder(dir, "2025-02", releaseOne());
    const restarted = await admin("import-cnpj", next, "--restart");
    expect(restarted.code).toBe(0);
    expect(restarted.output).toContain("Dropping the unfinished load of 2025-02 (registry_r3)");
    expect(restarted.output).toContain("into registry_r4 (11 files)");
    expect(restarted.output).toContain("Release 2025-02 is live (replaced 2025-01)");
  }, 180_000);

  it("imports sanctions lists, and fails on a file that is not one", async () => {
    const ceis = await writeSanctionsZip(dir, "CEIS", "20250110", [
      { kind: "J", document: "11222333000181", name: "ACME", category: "Suspensão", start: "01/01/2024", end: "", agency: "CGU", uf: "DF" },
    ]);
    const ok = await admin("import-sanctions", ceis);
    expect(ok.code).toBe(0);
    expect(ok.output).toContain("CEIS: 1 sanctions loaded from 20250110_CEIS.zip, 0 refused");
    const none = await admin("import-sanctions");
    expect(none.code).toBe(2);
    expect(none.output).toContain("import-sanctions takes one or more zips (CEIS, CNEP)");
    const bad = await admin("import-sanctions", path.join(month, "Cnaes.zip"));
    expect(bad.code).toBe(1);
    expect(bad.output).toContain("expected one CSV inside, found 0");
  }, 120_000);
  it("stops on a refused file with exit 1 and the code's message, without the usage text", async () => {
    const hostile = await writeReleaseFolder(path.join(dir, "hostile"), "2025-03", releaseOne());
    await writeZip(path.join(hostile, "Empresas0.zip"), "K3241.K03200Y0.D50111.EMPRECSV", [Buffer.alloc(10_000, 0x41)]);
    const refused = await admin("import-cnpj", hostile);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(
      "long_line: Empresas0.zip (K3241.K03200Y0.D50111.EMPRECSV) line 1 is longer than 8,192 bytes (a damaged or hostile file; nothing of it was loaded)",
    );
    expect(refused.output).not.toContain("import-sanctions <zip>");
  }, 120_000);
});
