// LUPA_DATASET_CACHE_TTL: defaults, `off`, `*`, module and dataset keys, and refused values. The
// configuration reads the values (server/config.ts); the dataset cache knows the keys and the
// defaults (server/datasets/cache-ttl.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkCacheTtl, DEFAULT_CACHE_TTL_MS, ttlOf } from "../../server/datasets/cache-ttl";
import { loadConfig } from "../../server/config";
import { createServices } from "../../server/services";

const H = 3600_000;
const D = 24 * H;
const dataDir = mkdtempSync(path.join(tmpdir(), "lupa-ttl-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const configWith = (value: string | undefined) => loadConfig({ LUPA_DATA_DIR: dataDir, LUPA_DATASET_CACHE_TTL: value });
/** The TTLs as the service reads them: the configuration's values, checked as createServices checks them. */
function parseCacheTtl(value: string | undefined) {
  const ttl = configWith(value).datasetCacheTtl;
  checkCacheTtl(ttl);
  return ttl;
}

describe("dataset cache TTL", () => {
  it("defaults by module when unset or empty", () => {
    for (const value of [undefined, "", "  "]) {
      const ttl = parseCacheTtl(value);
      expect(ttlOf(ttl, "person-profile-2.0")).toBe(7 * D);
      expect(ttlOf(ttl, "company-lawsuits-3.0")).toBe(1 * D);
      expect(ttlOf(ttl, "person-biometrics-1.0")).toBe(30 * D);
    }
    expect(Object.keys(DEFAULT_CACHE_TTL_MS).sort()).toEqual(
      ["biometrics", "finance", "financeAdvanced", "lawsuits", "ownersLawsuits", "profile", "related"].sort(),
    );
  });

  it("`off` and a bare 0 turn every module off", () => {
    for (const value of ["off", "0", "*=0"]) {
      const ttl = parseCacheTtl(value);
      for (const module of Object.keys(DEFAULT_CACHE_TTL_MS)) expect(ttlOf(ttl, `person-${module}-1.0`)).toBe(0);
    }
  });

  it("a named module or dataset wins over `*`, whatever the order", () => {
    for (const value of ["*=1h,profile=2d", "profile=2d,*=1h"]) {
      const ttl = parseCacheTtl(value);
      expect(ttlOf(ttl, "person-profile-2.0")).toBe(2 * D);
      expect(ttlOf(ttl, "person-finance-1.0")).toBe(H);
    }
    const ttl = parseCacheTtl("lawsuits=12h, person-lawsuits-3.0=30m, related=90s");
    expect(ttlOf(ttl, "person-lawsuits-3.0")).toBe(30 * 60_000);
    expect(ttlOf(ttl, "person-lawsuits-2.0")).toBe(12 * H);
    expect(ttlOf(ttl, "company-related-2.0")).toBe(90_000);
    expect(ttlOf(ttl, "person-profile-2.0")).toBe(7 * D); // untouched default
  });

  it("refuses what it cannot read, naming the part, and the service does not start with it", async () => {
    expect(() => parseCacheTtl("profile=7 days")).toThrow(/LUPA_DATASET_CACHE_TTL: "7 days" is not a duration/);
    expect(() => parseCacheTtl("profile=-1h")).toThrow(/not a duration/);
    expect(() => parseCacheTtl("credit=1d")).toThrow(/"credit" is not a module/);
    expect(() => parseCacheTtl("person-credit-1.0=1d")).toThrow(/not a module/);
    expect(() => parseCacheTtl("=1d")).toThrow(/"" is not a module/);
    expect(() => parseCacheTtl("__proto__=1d")).toThrow(/"__proto__" is not a module/);
    expect(() => configWith("forever")).toThrow(/LUPA_DATASET_CACHE_TTL/);
    // a key the configuration holds as a value but the cache cannot read stops the start, before the database opens
    await expect(createServices(configWith("credit=1d"), { memory: true })).rejects.toThrow(/"credit" is not a module/);
  });
});
