// The sandbox provider's contract: exactly the datasets of DATASET_VERSIONS, the module data
// envelope, determinism and speed.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";
import { createSandboxProvider, sandboxDocumentFor } from "../../server/datasets/sandbox";
import { SANDBOX_DATASETS } from "../../server/datasets/sandbox/formats";
import { clearMemos } from "../../server/datasets/sandbox/core/memo";
import { DATASET_VERSIONS, MODULE_NAMES, type Entity, type FetchRequest, type ModuleName } from "../../server/datasets/types";

const provider = createSandboxProvider();
const SANDBOX_DIR = join(import.meta.dirname, "../../server/datasets/sandbox");
const CPF = makeCpf("123456788");
const CNPJ = makeCnpj("123456780001");
const ALPHA_CNPJ = "12ABC34501DE35";

const request = (entity: Entity, module: ModuleName, version: string, document: string): FetchRequest => ({
  entity,
  module,
  version,
  document,
  attempt: 1,
  round: 0,
});

function* datasets(entity: Entity) {
  for (const module of MODULE_NAMES) for (const version of DATASET_VERSIONS[module][entity]) yield { module, version };
}

describe("sandbox provider datasets", () => {
  it("publishes exactly the versions of DATASET_VERSIONS", () => {
    for (const entity of ["person", "company"] as const) {
      for (const module of MODULE_NAMES) {
        expect(SANDBOX_DATASETS[entity][module]?.versions ?? []).toEqual([...DATASET_VERSIONS[module][entity]]);
      }
    }
  });

  it("answers every offered dataset with the module data envelope", async () => {
    for (const [entity, document] of [
      ["person", CPF],
      ["company", CNPJ],
      ["company", ALPHA_CNPJ],
    ] as const) {
      for (const { module, version } of datasets(entity)) {
        const result = await provider.fetch(request(entity, module, version, document));
        expect(result.kind).toBe("ok");
        if (result.kind !== "ok") continue;
        expect(result.data.dataset).toBe(`${entity}-${module}-${version}`);
        expect(result.data.module).toBe(module);
        expect(result.data[module]).toBeTypeOf("object");
        expect(Object.keys(result.data).sort()).toEqual(["dataset", "module", module, "rules"].sort());
        expect(result.data.rules.length).toBeGreaterThan(0);
        for (const rule of result.data.rules) {
          expect(rule.rule).toMatch(/^[a-z_]+$/);
          expect(typeof rule.fired).toBe("boolean");
        }
      }
    }
  });

  it("refuses versions and modules it does not publish", async () => {
    const cases = [
      request("person", "profile", "3.0", CPF),
      request("person", "finance", "2.0", CPF),
      request("person", "ownersLawsuits", "1.0", CPF),
      request("company", "finance", "1.1", CNPJ),
      request("company", "related", "1.1", CNPJ),
    ];
    for (const c of cases) expect(await provider.fetch(c)).toEqual({ kind: "permanent_failure", reason: "dataset_not_available" });
  });

  it("refuses invalid documents and documents of the other entity", async () => {
    expect(await provider.fetch(request("person", "profile", "2.0", "12345678900"))).toEqual({
      kind: "permanent_failure",
      reason: "invalid_document",
    });
    expect(await provider.fetch(request("company", "profile", "2.0", CPF))).toEqual({
      kind: "permanent_failure",
      reason: "invalid_document",
    });
  });

  it("accepts the document with punctuation or lower case, giving the same data", async () => {
    const plain = await provider.fetch(request("company", "profile", "2.0", ALPHA_CNPJ));
    const typed = await provider.fetch(request("company", "profile", "2.0", "12.abc.345/01de-35"));
    expect(typed).toEqual(plain);
  });
});

describe("determinism", () => {
  it("gives the same data for the same document, module and version, across provider instances", async () => {
    const other = createSandboxProvider();
    for (const [entity, document] of [
      ["person", CPF],
      ["company", CNPJ],
    ] as const) {
      for (const { module, version } of datasets(entity)) {
        const first = await provider.fetch(request(entity, module, version, document));
        const second = await other.fetch(request(entity, module, version, document));
        expect(JSON.stringify(second)).toBe(JSON.stringify(first));
      }
    }
  });

  it("gives different holders for different documents", async () => {
    const names = new Set<string>();
    for (let i = 1; i <= 30; i++) {
      const result = await provider.fetch(
        request(
          "person",
          "profile",
          "2.0",
          makeCpf(
            String(314159 * i)
              .padStart(9, "0")
              .slice(-9),
          ),
        ),
      );
      if (result.kind === "ok") names.add((result.data.profile as { name: { full: string } }).name.full);
    }
    expect(names.size).toBeGreaterThanOrEqual(28);
  });

  it("never reads the clock or Math.random: sources use the fixed reference date only", () => {
    const files = readdirSync(SANDBOX_DIR, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const source = readFileSync(join(SANDBOX_DIR, file), "utf8").replace(/\/\/.*$/gm, "");
      expect(source, file).not.toMatch(/Date\.now|new Date\(\)|Math\.random|performance\.now/);
    }
  });
});

describe("speed", () => {
  // CPU time of the best of a few runs from empty caches: on a shared machine a single run also
  // pays for garbage collection and for other processes; the best run is the code's own cost.
  const cpuMs = (from: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(from);
    return (used.user + used.system) / 1000;
  };

  async function bestOf(runs: number, build: () => Promise<unknown>): Promise<number> {
    let best = Infinity;
    for (let run = 0; run < runs; run++) {
      clearMemos();
      const started = process.cpuUsage();
      await build();
      best = Math.min(best, cpuMs(started));
    }
    return best;
  }

  it("builds any module of a fresh document in well under 5 ms of CPU", async () => {
    const timings: number[] = [];
    for (let i = 0; i < 20; i++) {
      const cpf = makeCpf(
        String(7_919 * (i + 11))
          .padStart(9, "0")
          .slice(-9),
      );
      const cnpj = makeCnpj(
        `${String(104_729 * (i + 3))
          .padStart(8, "0")
          .slice(-8)}0001`,
      );
      for (const [entity, document] of [
        ["person", cpf],
        ["company", cnpj],
      ] as const) {
        for (const { module, version } of datasets(entity)) {
          timings.push(await bestOf(3, () => provider.fetch(request(entity, module, version, document))));
        }
      }
    }
    timings.sort((a, b) => a - b);
    expect(timings[Math.floor(timings.length / 2)]!).toBeLessThan(1);
    expect(timings.at(-1)!).toBeLessThan(5);
  });

  it("builds the largest networks in well under 5 ms of CPU", async () => {
    for (const entity of ["person", "company"] as const) {
      const document = sandboxDocumentFor("large_network", entity)!.document;
      const best = await bestOf(7, () => provider.fetch(request(entity, "related", "2.0", document)));
      expect(best, entity).toBeLessThan(4);
    }
  });
});
