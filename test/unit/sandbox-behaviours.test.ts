// Each documented sandbox document, by attempt and round.
import { describe, expect, it } from "vitest";
import { isValidCnpj, isValidCpf } from "../../lib/contract/documents";
import { createSandboxProvider, SANDBOX_DOCUMENTS, sandboxDocumentFor, type BehaviourName } from "../../server/datasets/sandbox";
import { DATASET_VERSIONS, MODULE_NAMES, type Entity, type FetchResult, type ModuleName } from "../../server/datasets/types";

const provider = createSandboxProvider();

function doc(name: BehaviourName, entity: Entity): string {
  const entry = sandboxDocumentFor(name, entity);
  if (!entry) throw new Error(`no ${name} ${entity}`);
  return entry.document;
}

/** The newest version of each module the entity has. */
function modules(entity: Entity): { module: ModuleName; version: string }[] {
  return MODULE_NAMES.filter((m) => DATASET_VERSIONS[m][entity].length > 0).map((module) => ({
    module,
    version: DATASET_VERSIONS[module][entity].at(-1)!,
  }));
}

function fetch(
  entity: Entity,
  module: ModuleName,
  document: string,
  attempt: number,
  round: number,
  version?: string,
): Promise<FetchResult> {
  return provider.fetch({ entity, module, version: version ?? DATASET_VERSIONS[module][entity].at(-1)!, document, attempt, round });
}

const ENTITIES = ["person", "company"] as const;

describe("SANDBOX_DOCUMENTS", () => {
  it("are valid, unique documents of the declared entity, each with a description", () => {
    const seen = new Set<string>();
    for (const entry of SANDBOX_DOCUMENTS) {
      expect(entry.entity === "person" ? isValidCpf(entry.document) : isValidCnpj(entry.document), entry.document).toBe(true);
      expect(seen.has(entry.document)).toBe(false);
      seen.add(entry.document);
      expect(entry.description.length).toBeGreaterThan(20);
    }
  });

  it("cover every behaviour with a CPF, and every one but deceased with a CNPJ", () => {
    const behaviours: BehaviourName[] = [
      "holder_not_found",
      "temporary_then_ok",
      "fails_first_round",
      "exhausts_rounds",
      "permanent_failure",
      "slow",
      "deceased",
      "irregular",
      "service_blacklisted",
      "large_network",
      "profile_temporary_then_ok",
    ];
    for (const name of behaviours) {
      expect(sandboxDocumentFor(name, "person"), name).toBeDefined();
      if (name !== "deceased") expect(sandboxDocumentFor(name, "company"), name).toBeDefined();
    }
  });
});

describe("holder_not_found", () => {
  it.each(ENTITIES)("%s: every module and version answers not_found", async (entity) => {
    for (const module of MODULE_NAMES) {
      for (const version of DATASET_VERSIONS[module][entity]) {
        expect(await fetch(entity, module, doc("holder_not_found", entity), 1, 0, version)).toEqual({ kind: "not_found" });
      }
    }
  });
});

describe("temporary_then_ok", () => {
  it.each(ENTITIES)("%s: non-profile modules fail on attempts 1-2 of round 0, then ok", async (entity) => {
    const document = doc("temporary_then_ok", entity);
    expect((await fetch(entity, "profile", document, 1, 0)).kind).toBe("ok");
    for (const { module } of modules(entity).filter((m) => m.module !== "profile")) {
      expect((await fetch(entity, module, document, 1, 0)).kind, module).toBe("temporary_failure");
      expect((await fetch(entity, module, document, 2, 0)).kind, module).toBe("temporary_failure");
      expect((await fetch(entity, module, document, 3, 0)).kind, module).toBe("ok");
      expect((await fetch(entity, module, document, 1, 1)).kind, module).toBe("ok");
    }
  });
});

describe("fails_first_round", () => {
  it.each(ENTITIES)("%s: finance and lawsuits fail every attempt of round 0 and succeed from round 1", async (entity) => {
    const document = doc("fails_first_round", entity);
    for (const module of ["finance", "lawsuits"] as const) {
      for (let attempt = 1; attempt <= 6; attempt++) {
        const result = await fetch(entity, module, document, attempt, 0);
        expect(result).toEqual({ kind: "temporary_failure", reason: "upstream_unavailable" });
      }
      expect((await fetch(entity, module, document, 1, 1)).kind).toBe("ok");
      expect((await fetch(entity, module, document, 1, 3)).kind).toBe("ok");
    }
    for (const module of ["profile", "related"] as const) expect((await fetch(entity, module, document, 1, 0)).kind).toBe("ok");
  });
});

describe("exhausts_rounds", () => {
  it.each(ENTITIES)("%s: finance and lawsuits fail in every attempt of every round", async (entity) => {
    const document = doc("exhausts_rounds", entity);
    for (const module of ["finance", "lawsuits"] as const) {
      for (let round = 0; round <= 3; round++) {
        for (let attempt = 1; attempt <= 5; attempt++)
          expect((await fetch(entity, module, document, attempt, round)).kind).toBe("temporary_failure");
      }
    }
    expect((await fetch(entity, "profile", document, 1, 0)).kind).toBe("ok");
    expect((await fetch(entity, "related", document, 1, 0)).kind).toBe("ok");
  });
});

describe("permanent_failure", () => {
  it.each(ENTITIES)("%s: finance and lawsuits answer permanent_failure", async (entity) => {
    const document = doc("permanent_failure", entity);
    for (const module of ["finance", "lawsuits"] as const) {
      expect(await fetch(entity, module, document, 1, 0)).toEqual({ kind: "permanent_failure", reason: "upstream_rejected_document" });
    }
    expect((await fetch(entity, "profile", document, 1, 0)).kind).toBe("ok");
  });
});

describe("profile_temporary_then_ok", () => {
  it.each(ENTITIES)("%s: profile fails on attempt 1 and is ok on attempt 2; other modules are ok", async (entity) => {
    const document = doc("profile_temporary_then_ok", entity);
    expect(await fetch(entity, "profile", document, 1, 0)).toEqual({ kind: "temporary_failure", reason: "upstream_timeout" });
    expect((await fetch(entity, "profile", document, 2, 0)).kind).toBe("ok");
    for (const { module } of modules(entity))
      if (module !== "profile") expect((await fetch(entity, module, document, 1, 0)).kind).toBe("ok");
  });
});

describe("slow", () => {
  it("waits slowMs before answering non-profile modules, and nothing for profile", async () => {
    const waits: number[] = [];
    const recording = createSandboxProvider({
      slowMs: 12_345,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const document = doc("slow", "person");
    expect((await recording.fetch({ entity: "person", module: "profile", version: "2.0", document, attempt: 1, round: 0 })).kind).toBe(
      "ok",
    );
    expect(waits).toEqual([]);
    expect((await recording.fetch({ entity: "person", module: "lawsuits", version: "3.0", document, attempt: 1, round: 0 })).kind).toBe(
      "ok",
    );
    expect(waits).toEqual([12_345]);
  });

  it("really takes slowMs with the default timer", async () => {
    const real = createSandboxProvider({ slowMs: 1_000 });
    const started = performance.now();
    const result = await real.fetch({
      entity: "company",
      module: "finance",
      version: "1.0",
      document: doc("slow", "company"),
      attempt: 1,
      round: 0,
    });
    expect(result.kind).toBe("ok");
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
  });

  it("stops waiting when the signal aborts, rejecting with the signal's reason", async () => {
    const real = createSandboxProvider({ slowMs: 30_000 });
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(new Error("engine timeout")), 50);
    await expect(
      real.fetch({
        entity: "person",
        module: "finance",
        version: "1.1",
        document: doc("slow", "person"),
        attempt: 1,
        round: 0,
        signal: controller.signal,
      }),
    ).rejects.toThrow("engine timeout");
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("rejects at once when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      provider.fetch({
        entity: "person",
        module: "profile",
        version: "2.0",
        document: doc("deceased", "person"),
        attempt: 1,
        round: 0,
        signal: controller.signal,
      }),
    ).rejects.toBeDefined();
  });
});

describe("latencyMs", () => {
  it("delays every answer, failures included", async () => {
    const waits: number[] = [];
    const delayed = createSandboxProvider({
      latencyMs: 40,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await delayed.fetch({ entity: "person", module: "profile", version: "2.0", document: doc("deceased", "person"), attempt: 1, round: 0 });
    await delayed.fetch({
      entity: "person",
      module: "finance",
      version: "1.0",
      document: doc("exhausts_rounds", "person"),
      attempt: 1,
      round: 0,
    });
    await delayed.fetch({ entity: "person", module: "profile", version: "9.9", document: doc("deceased", "person"), attempt: 1, round: 0 });
    expect(waits).toEqual([40, 40, 40]);
  });
});

type PersonProfile2 = {
  registry: { status: string };
  death: { recorded: boolean; date: string | null };
  restrictiveLists: { service: { listed: boolean } };
};
type PersonProfile1 = { situacaoCadastral: string; obito: boolean; anoObito: number | null; listaRestritiva: { servico: boolean } };
type CompanyProfile2 = { registration: { status: string }; restrictiveLists: { service: { listed: boolean } } };

async function okData(entity: Entity, module: ModuleName, version: string, document: string) {
  const result = await provider.fetch({ entity, module, version, document, attempt: 1, round: 0 });
  if (result.kind !== "ok") throw new Error(result.kind);
  return result.data;
}

const fired = (data: { rules: { rule: string; fired: boolean }[] }, rule: string) => data.rules.find((r) => r.rule === rule)?.fired;

describe("risky holders", () => {
  it("deceased: Titular Falecido with an obit, deceased_holder fires (both versions)", async () => {
    const document = doc("deceased", "person");
    const v2 = await okData("person", "profile", "2.0", document);
    const p2 = v2.profile as PersonProfile2;
    expect(p2.registry.status).toBe("Titular Falecido");
    expect(p2.death.recorded).toBe(true);
    expect(p2.death.date).toMatch(/^20\d\d-\d\d-\d\d$/);
    expect(fired(v2, "deceased_holder")).toBe(true);
    expect(fired(v2, "irregular_fiscal_status")).toBe(false);
    const v1 = await okData("person", "profile", "1.0", document);
    const p1 = v1.profile as PersonProfile1;
    expect(p1.situacaoCadastral).toBe("TITULAR FALECIDO");
    expect(p1.obito).toBe(true);
    expect(p1.anoObito).toBe(Number(p2.death.date!.slice(0, 4)));
    expect(fired(v1, "deceased_holder")).toBe(true);
  });

  it("irregular: Suspensa, Pendente de Regularização and an Inapta company", async () => {
    const statuses = [];
    for (const entry of SANDBOX_DOCUMENTS.filter((e) => e.name === "irregular")) {
      const data = await okData(entry.entity, "profile", "2.0", entry.document);
      if (entry.entity === "person") {
        statuses.push((data.profile as PersonProfile2).registry.status);
        expect(fired(data, "irregular_fiscal_status")).toBe(true);
      } else {
        statuses.push((data.profile as CompanyProfile2).registration.status);
        expect(fired(data, "company_inactive")).toBe(true);
      }
    }
    expect(statuses.sort()).toEqual(["Inapta", "Pendente de Regularização", "Suspensa"]);
  });

  it("service_blacklisted: listed on the service's list, rule fires", async () => {
    const person = await okData("person", "profile", "2.0", doc("service_blacklisted", "person"));
    expect((person.profile as PersonProfile2).restrictiveLists.service.listed).toBe(true);
    expect(fired(person, "listed_on_service_restrictive_list")).toBe(true);
    const legacy = await okData("person", "profile", "1.0", doc("service_blacklisted", "person"));
    expect((legacy.profile as PersonProfile1).listaRestritiva.servico).toBe(true);
    const company = await okData("company", "profile", "2.0", doc("service_blacklisted", "company"));
    expect((company.profile as CompanyProfile2).restrictiveLists.service.listed).toBe(true);
    expect(fired(company, "listed_on_service_restrictive_list")).toBe(true);
  });

  it("other sandbox documents are plain holders: Regular/Ativa, not listed", async () => {
    for (const entry of SANDBOX_DOCUMENTS.filter(
      (e) => !["deceased", "irregular", "service_blacklisted", "holder_not_found", "profile_temporary_then_ok"].includes(e.name),
    )) {
      const data = await okData(entry.entity, "profile", "2.0", entry.document);
      expect(fired(data, "listed_on_service_restrictive_list")).toBe(false);
      if (entry.entity === "person") expect((data.profile as PersonProfile2).registry.status).toBe("Regular");
      else expect((data.profile as CompanyProfile2).registration.status).toBe("Ativa");
    }
  });

  it("an ordinary document never gets the service listing", async () => {
    const data = await okData("person", "profile", "2.0", "52998224725");
    expect(fired(data, "listed_on_service_restrictive_list")).toBe(false);
  });
});
