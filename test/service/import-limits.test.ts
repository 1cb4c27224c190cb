// The importers against hostile files (issue 30, findings 2 and 3), on the real service's
// database: zips built here, streamed through the zip writer without holding their content. A line
// past the cap (sanctions 64 KB, Receita 8 KB) is refused with `long_line` naming the file and the
// line, as soon as the cap is passed, so a 300 MB line costs neither time nor memory; an entry
// that inflates past its cap or past the size its header declares is refused (`entry_too_large`);
// a month whose establishments repeat a CNPJ is refused with the counts (`duplicate_keys`); and
// nothing is half-swapped: the live list and the live release stay as they were.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCnpj } from "../../lib/contract/documents";
import { importCnpj, ImportError } from "../../server/registry/import-cnpj";
import { importSanctions, SanctionsImportError } from "../../server/registry/sanctions";
import { startService, type TestService } from "../support/harness";
import { ACME, establishment, HOLDING, latin1, line, releaseOne, writeReleaseFolder } from "../support/receita-fixture";
import { CEIS_HEADER, sanctionRow, writeSanctionsZip, type SanctionFixture } from "../support/sanctions-fixture";
import { writeZip, ZipWriter } from "../support/zip-write";

let t: TestService;
let dir: string;
const MiB = 1 << 20;

const listed: SanctionFixture = {
  kind: "J",
  document: HOLDING,
  name: "HOLDING PARTICIPAÇÕES LTDA",
  category: "Inidoneidade",
  start: "10/01/2024",
  end: "31/12/2099",
  agency: "CGU",
  uf: "DF",
};

/** `megabytes` MiB of one byte and no line break, produced a MiB at a time (never held whole). */
function* oneLine(megabytes: number, byte = 0x41): Generator<Buffer> {
  const piece = Buffer.alloc(MiB, byte);
  for (let i = 0; i < megabytes; i++) yield piece;
}

/** `prefix`, then `megabytes` MiB of 1 KiB lines: a bomb of short lines (none of them long). */
function* shortLines(prefix: Buffer, megabytes: number): Generator<Buffer> {
  yield prefix;
  const piece = Buffer.alloc(MiB, 0x41);
  for (let at = 1023; at < MiB; at += 1024) piece[at] = 0x0a;
  for (let i = 0; i < megabytes; i++) yield piece;
}

/** The peak resident memory above the start while `run` runs, sampled every 10 ms. */
async function peakRss<T>(run: () => Promise<T>): Promise<{ result: PromiseSettledResult<T>; mib: number; ms: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  const [result] = await Promise.allSettled([run()]);
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, mib: (peak - base) / MiB, ms: performance.now() - started };
}

function rejection(result: PromiseSettledResult<unknown>): Error & { code?: string } {
  if (result.status !== "rejected") throw new Error("the import was not refused");
  return result.reason as Error & { code?: string };
}

/** Rewrites the uncompressed size the central directory declares for the zip's only entry. */
function declareSize(file: string, size: number): void {
  const bytes = readFileSync(file);
  const at = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  bytes.writeUInt32LE(size, at + 24);
  writeFileSync(file, bytes);
}

const sanctionsState = async () =>
  (
    await t.services.database.query(
      `select (select count(*)::int from sanctions where list = 'CEIS') as rows, (select file from sanction_imports where list = 'CEIS') as file`,
    )
  ).rows[0];
const releases = async () =>
  (await t.services.database.query(`select release, state from registry_releases order by id`)).rows.map((r) => `${r.release} ${r.state}`);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lupa-import-limits-"));
  t = await startService();
  await importSanctions(t.services.database, await writeSanctionsZip(dir, "CEIS", "20250110", [listed]), () => {});
  await importCnpj(t.services.database, await writeReleaseFolder(dir, "2025-01", releaseOne()), { log: () => {} });
}, 300_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe("import-sanctions against hostile files", () => {
  it("refuses a record just over 64 KB with long_line, naming the file and the line, and leaves the list as it was", async () => {
    const before = await sanctionsState();
    expect(before).toEqual({ rows: 1, file: "20250110_CEIS.zip" });
    const long = sanctionRow("CEIS", { ...listed, observations: "x".repeat(64 * 1024) }, 2);
    const file = await writeSanctionsZip(dir, "CEIS", "20250111", [listed], [line(long)]);
    const error = rejection((await Promise.allSettled([importSanctions(t.services.database, file, () => {})]))[0]!);
    expect(error).toBeInstanceOf(SanctionsImportError);
    expect(error.code).toBe("long_line");
    expect(error.message).toBe(
      "long_line: 20250111_CEIS.zip (20250111_CEIS.csv) line 3 is longer than 65,536 bytes (a damaged or hostile file; the list was left as it was)",
    );
    expect(await sanctionsState()).toEqual(before);
    // at the cap, the same record loads
    const fits = sanctionRow("CEIS", { ...listed, observations: "x".repeat(60 * 1024) }, 2);
    const ok = await writeSanctionsZip(dir, "CEIS", "20250112", [listed], [line(fits)]);
    await importSanctions(t.services.database, ok, () => {});
    expect(await sanctionsState()).toEqual({ rows: 2, file: "20250112_CEIS.zip" });
  });

  it("refuses a zip of one 300 MB line at once, within 300 MB of memory", async () => {
    const before = await sanctionsState();
    const file = path.join(dir, "20250113_CEIS.zip");
    await writeZip(file, "20250113_CEIS.csv", oneLine(300));
    const { result, mib, ms } = await peakRss(() => importSanctions(t.services.database, file, () => {}));
    const error = rejection(result);
    expect(error.code).toBe("long_line");
    expect(error.message).toMatch(/^long_line: 20250113_CEIS\.zip \(20250113_CEIS\.csv\) line 1 is longer than 65,536 bytes/);
    expect(mib).toBeLessThan(300);
    expect(ms).toBeLessThan(10_000);
    expect(await sanctionsState()).toEqual(before);
  }, 120_000);

  it("refuses an entry that inflates past its cap (a zip bomb of short lines)", async () => {
    const before = await sanctionsState();
    const file = path.join(dir, "20250114_CEIS.zip");
    // 80 MiB inflated from about 80 KB: past the 64 MiB a zip that small may hold
    await writeZip(file, "20250114_CEIS.csv", shortLines(latin1([line(CEIS_HEADER)], "\r\n"), 80));
    const { result, mib } = await peakRss(() => importSanctions(t.services.database, file, () => {}));
    const error = rejection(result);
    expect(error).toBeInstanceOf(SanctionsImportError);
    expect(error.code).toBe("entry_too_large");
    expect(error.message).toBe(
      "entry_too_large: 20250114_CEIS.csv inflates past 64 MiB (a zip bomb?), in 20250114_CEIS.zip (the list was left as it was)",
    );
    expect(mib).toBeLessThan(300);
    expect(await sanctionsState()).toEqual(before);
  }, 120_000);
});

describe("import-cnpj against hostile files", () => {
  /** A month's folder: the fixture's files, with `files` written over them. */
  async function month(name: string, files: Record<string, Iterable<Buffer>>): Promise<string> {
    const folder = await writeReleaseFolder(path.join(dir, name), "2025-02", releaseOne());
    for (const [zip, content] of Object.entries(files)) await writeZip(path.join(folder, zip), `K3241.K03200Y0.D50111.${zip}`, content);
    return folder;
  }

  it("refuses a line just over 8 KB with long_line, naming the file and the line; the live month stays", async () => {
    const folder = await month("long", {
      "Empresas0.zip": [latin1(releaseOne().empresas.slice(0, 2)), latin1([line([ACME.slice(0, 8), "X".repeat(8 * 1024), "2062"])])],
    });
    const error = rejection((await Promise.allSettled([importCnpj(t.services.database, folder, { log: () => {} })]))[0]!);
    expect(error).toBeInstanceOf(ImportError);
    expect(error.code).toBe("long_line");
    expect(error.message).toBe(
      "long_line: Empresas0.zip (K3241.K03200Y0.D50111.Empresas0.zip) line 3 is longer than 8,192 bytes (a damaged or hostile file; nothing of it was loaded)",
    );
    expect(await releases()).toEqual(["2025-01 live", "2025-02 loading"]);
  });

  it("refuses an Estabelecimentos zip of one 300 MB line at once, within 300 MB of memory", async () => {
    const folder = await month("one-line", { "Estabelecimentos0.zip": oneLine(300) });
    const { result, mib, ms } = await peakRss(() => importCnpj(t.services.database, folder, { log: () => {}, restart: true }));
    const error = rejection(result);
    expect(error.code).toBe("long_line");
    expect(error.message).toMatch(
      /^long_line: Estabelecimentos0\.zip \(K3241\.K03200Y0\.D50111\.Estabelecimentos0\.zip\) line 1 is longer than 8,192 bytes/,
    );
    expect(mib).toBeLessThan(300);
    expect(ms).toBeLessThan(30_000);
    expect(await releases()).toEqual(["2025-01 live", "2025-02 loading"]);
  }, 120_000);

  it("refuses an entry that inflates past the size its header declares", async () => {
    const folder = await month("bomb", { "Estabelecimentos0.zip": shortLines(Buffer.alloc(0), 100) });
    declareSize(path.join(folder, "Estabelecimentos0.zip"), 1000);
    const { result, mib } = await peakRss(() => importCnpj(t.services.database, folder, { log: () => {}, restart: true }));
    const error = rejection(result);
    expect(error).toBeInstanceOf(ImportError);
    expect(error.code).toBe("entry_too_large");
    expect(error.message).toBe(
      "entry_too_large: K3241.K03200Y0.D50111.Estabelecimentos0.zip inflates past the 1,000 bytes its header declares, in Estabelecimentos0.zip (nothing of it was loaded)",
    );
    expect(mib).toBeLessThan(300);
    expect(await releases()).toEqual(["2025-01 live", "2025-02 loading"]);
  }, 120_000);

  it("holds the limits for a zip as a whole: entries share one budget", async () => {
    const folder = await month("entries", {});
    const file = path.join(folder, "Estabelecimentos0.zip");
    const zip = new ZipWriter(file);
    await zip.add("K3241.K03200Y0.D50111.ESTABELE", shortLines(Buffer.alloc(0), 40));
    await zip.add("K3241.K03200Y1.D50111.ESTABELE", shortLines(Buffer.alloc(0), 40));
    await zip.close();
    const error = rejection((await Promise.allSettled([importCnpj(t.services.database, folder, { log: () => {}, restart: true })]))[0]!);
    expect(error.code).toBe("entry_too_large");
    // 80 MiB in all from a zip of about 80 KB: the second entry passes what the first left of 64 MiB
    expect(error.message).toBe(
      "entry_too_large: K3241.K03200Y1.D50111.ESTABELE inflates past 24 MiB (a zip bomb?), in Estabelecimentos0.zip (nothing of it was loaded)",
    );
    expect(await releases()).toEqual(["2025-01 live", "2025-02 loading"]);
  }, 120_000);

  it("refuses a month whose establishments repeat a CNPJ, with the counts, and drops its load", async () => {
    const other = makeCnpj("303030300001");
    const folder = await month("duplicates", {
      "Estabelecimentos0.zip": [
        latin1([
          ...Array.from({ length: 3 }, () => line(establishment(ACME))),
          ...Array.from({ length: 2 }, () => line(establishment(other))),
          line(establishment(HOLDING)),
        ]),
      ],
    });
    const logs: string[] = [];
    const error = rejection(
      (await Promise.allSettled([importCnpj(t.services.database, folder, { log: (l) => logs.push(l), restart: true })]))[0]!,
    );
    expect(error).toBeInstanceOf(ImportError);
    expect(error.code).toBe("duplicate_keys");
    // Estabelecimentos1.zip of the fixture adds 2 establishments (its third line is refused)
    const message =
      "duplicate_keys: release 2025-02 refused: 2 CNPJs appear more than once among the 8 establishments (5 rows; the most " +
      "repeated 3 times), and the layout allows each CNPJ once. Nothing was made live; the load was dropped.";
    expect(error.message).toBe(message);
    expect(logs).toContain(message);
    expect(await releases()).toEqual(["2025-01 live"]);
    const { rows } = await t.services.database.query(
      `select count(*)::int as n from pg_namespace where nspname like 'registry_r%' and nspname <> (select schema_name from registry_releases where state = 'live')`,
    );
    expect(rows[0]!.n).toBe(0);
  }, 120_000);
});
