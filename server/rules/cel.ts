// CEL over the facts (docs/rules.md, "Conditions"; the library's choice: docs/decisions.md, "Rule
// conditions in CEL"). One environment per entity declares each fact with its type: `person`,
// `company` and `dataset` are objects whose fields are the facts, so `company.ageDays < 90` is
// checked on save (an unknown fact, a wrong type, a condition that is not a bool) and evaluated
// against a case's stored facts. A condition that reads a fact the case lacks (null) fails to
// evaluate: the rule does not fire, and the evaluation says why.
import { Environment } from "@marcbachmann/cel-js";
import type { FactType, FactValue } from "../../lib/contract/rules";
import { factTypes, type Entity, type Facts } from "./facts";

const CEL_TYPE: Record<FactType, string> = {
  bool: "bool",
  int: "int",
  double: "double",
  string: "string",
  "list<string>": "list<string>",
  // the library's schema takes the protobuf name (a bare `timestamp` there is a bug of 8.0.0)
  timestamp: "google.protobuf.Timestamp",
};

interface EntityEnv {
  env: Environment;
  types: Map<string, FactType>;
  /** Fact names, longest first (a name is never the prefix of a longer one read in its place). */
  names: string[];
}

function buildEnv(entity: Entity): EntityEnv {
  const types = factTypes(entity);
  const groups = new Map<string, Record<string, string>>();
  for (const [name, type] of types) {
    const [group, field] = name.split(".") as [string, string];
    const schema = groups.get(group) ?? {};
    schema[field] = CEL_TYPE[type];
    groups.set(group, schema);
  }
  const env = new Environment({
    limits: { maxAstNodes: 2000, maxDepth: 64, maxListElements: 500, maxMapEntries: 100, maxCallArguments: 8 },
  });
  for (const [name, schema] of groups) env.registerVariable({ name, schema });
  return { env, types, names: [...types.keys()].sort((a, b) => b.length - a.length) };
}

const ENVS: Record<Entity, EntityEnv> = { person: buildEnv("person"), company: buildEnv("company") };

export interface CheckFailure {
  /** 1-based character of the condition where the problem is, when the library locates it. */
  position: number | null;
  message: string;
}

interface Located {
  message?: string;
  node?: { pos?: number };
}

function failureOf(error: unknown): CheckFailure {
  const e = (error ?? {}) as Located;
  const first = String(e.message ?? error)
    .split("\n")[0]!
    .trim();
  const pos = typeof e.node?.pos === "number" ? e.node.pos + 1 : null;
  const unknown = /^(No such key|Unknown variable|Undeclared reference)/i.exec(first);
  return { position: pos, message: unknown ? `unknown fact (${first})` : first };
}

/** Type-checks a condition against the entity's facts: null when it is a valid bool expression. */
export function checkCondition(entity: Entity, condition: string): CheckFailure | null {
  let result: { valid: boolean; type?: string; error?: unknown };
  try {
    result = ENVS[entity].env.check(condition) as typeof result;
  } catch (error) {
    return failureOf(error);
  }
  if (!result.valid) return failureOf(result.error);
  if (result.type !== "bool") return { position: 1, message: `a condition must be a bool, this one is ${result.type}` };
  return null;
}

export type Compiled = (facts: CelFacts) => unknown;

/** Parses a checked condition once, for evaluating it on many cases. */
export function compileCondition(entity: Entity, condition: string): Compiled {
  const parsed = ENVS[entity].env.parse(condition);
  return (facts) => parsed(facts);
}

/** The facts a condition names (for showing what made a rule fire). */
export function factsRead(entity: Entity, condition: string): string[] {
  const read: string[] = [];
  let rest = condition;
  for (const name of ENVS[entity].names) {
    const pattern = new RegExp(`(?<![\\w.])${name.replace(/\./g, "\\.")}(?![\\w])`);
    if (pattern.test(rest)) {
      read.push(name);
      rest = rest.replace(new RegExp(pattern.source, "g"), " ");
    }
  }
  return read.sort();
}

/** The facts as CEL values, grouped by object: ints as bigint, timestamps as Date. */
export type CelFacts = Record<string, Record<string, unknown>>;

export function celFacts(entity: Entity, facts: Facts): CelFacts {
  const out: CelFacts = {};
  for (const [name, type] of ENVS[entity].types) {
    const [group, field] = name.split(".") as [string, string];
    const value: FactValue | undefined = facts[name];
    let cel: unknown = value ?? null;
    if (value !== null && value !== undefined) {
      if (type === "int" && typeof value === "number") cel = BigInt(Math.trunc(value));
      else if (type === "timestamp" && typeof value === "string") cel = new Date(value);
    }
    (out[group] ??= {})[field] = cel;
  }
  return out;
}
