// Where a module's data came from, and which planned modules have no source at all. Every answer
// names its provider when it is kept (module_runs.source, dataset_cache.source, migration 0018);
// answers kept before that are read here: the registry's data carries its own `source`, and every
// other answer came from the sandbox, the only other provider there was.
import type { PlannedModule } from "../engine/types";
import type { AnswerSource, DatasetProvider, Entity, FanOutParties, ModuleName } from "./types";

/** The modules that fan out over the subject's parties (the partners' lawsuits). */
export const FAN_OUT_MODULES: readonly string[] = ["ownersLawsuits"];

/** The local steps (face match, CNH reading) are the service's own work, not a dataset's answer. */
const LOCAL_STEPS = new Set(["faceRecognition", "cnh"]);

/** A kept answer's source: as stored, else what its data says, else the sandbox. Null for local steps. */
export function sourceOfAnswer(
  module: string,
  stored: AnswerSource | null | undefined,
  data: Record<string, unknown> | null | undefined,
): AnswerSource | null {
  if (stored) return stored;
  if (LOCAL_STEPS.has(module)) return null;
  const own = data?.source as { provider?: unknown; release?: unknown } | undefined;
  if (own && typeof own.provider === "string")
    return typeof own.release === "string" ? { provider: own.provider, release: own.release } : { provider: own.provider };
  return { provider: "sandbox" };
}

/**
 * The plan split by what can answer it now: a module no provider answers (LUPA_SANDBOX off and no
 * real provider for it) is kept aside, never run and never scored. The profile always stays:
 * without a source it fails the collection (`source_not_configured`), as nothing else can say
 * whether the subject exists.
 */
export function splitAvailable(
  provider: DatasetProvider,
  entity: Entity,
  modules: PlannedModule[],
): { modules: PlannedModule[]; unavailable: { module: string; dataset: string }[] } {
  if (!provider.providerFor) return { modules, unavailable: [] };
  const available: PlannedModule[] = [];
  const unavailable: { module: string; dataset: string }[] = [];
  for (const m of modules) {
    const open = m.module === "profile" || LOCAL_STEPS.has(m.module) || provider.providerFor(entity, m.module as ModuleName) !== null;
    if (open) available.push(m);
    else unavailable.push({ module: m.module, dataset: m.dataset });
  }
  return { modules: available, unavailable };
}

/**
 * The parties a fan-out must follow: the profile's partners when another provider than the
 * fan-out's own answered the profile (a registry's QSA, never the sandbox's invented partners);
 * undefined when the fan-out's provider answered the profile too (it follows its own parties).
 */
export function fanOutParties(
  provider: DatasetProvider,
  entity: Entity,
  module: string,
  profile: { data: Record<string, unknown> | null; source: AnswerSource | null } | undefined,
): FanOutParties | undefined {
  if (!FAN_OUT_MODULES.includes(module) || !profile?.data || !profile.source) return undefined;
  const own = provider.providerFor?.(entity, module as ModuleName) ?? "sandbox";
  if (profile.source.provider === own) return undefined;
  const block = profile.data.profile as { partners?: unknown; socios?: unknown } | null | undefined;
  return { from: profile.source.provider, list: partnersOf(block) };
}

function partnersOf(block: { partners?: unknown; socios?: unknown } | null | undefined): FanOutParties["list"] {
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  if (Array.isArray(block?.partners))
    return (block.partners as Record<string, unknown>[]).map((p) => ({
      document: text(p.document),
      name: text(p.name),
      entity: p.entity === "company" ? "company" : "person",
      qualification:
        typeof p.qualification === "object" && p.qualification
          ? text((p.qualification as Record<string, unknown>).description) || null
          : null,
    }));
  if (Array.isArray(block?.socios))
    return (block.socios as Record<string, unknown>[]).map((p) => ({
      document: text(p.documento),
      name: text(p.nome),
      entity: p.tipo === "PJ" ? "company" : "person",
      qualification: text(p.qualificacao) || null,
    }));
  return [];
}

/** Whether a cached answer may stand for the provider asked now (same provider; a fan-out, the same parties). */
export function cachedFits(
  provider: DatasetProvider,
  entity: Entity,
  module: string,
  cached: AnswerSource,
  parties?: FanOutParties,
): boolean {
  const now = provider.providerFor?.(entity, module as ModuleName);
  if (now !== undefined && now !== cached.provider) return false;
  return FAN_OUT_MODULES.includes(module) ? (cached.partiesFrom ?? null) === (parties?.from ?? null) : true;
}
