// The browser's bundles stay free of the libraries the service needs and the console's browser
// code does not: zod (about 31 KiB compressed; issue 23's 250 KiB budget per route), the
// database and server-only modules. Every "use client" module is an entry of the browser's
// bundles; this walks the value imports each one reaches (an `import type`, or an import whose
// names are all `type`, is erased by the compiler) and names the chain to any forbidden import.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const FORBIDDEN = [/^zod(\/|$)/, /^drizzle-orm/, /^pg$/, /^@electric-sql\/pglite/, /^server-only$/, /^node:/];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "node_modules" ? [] : sources(file);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [file] : [];
  });
}

/** The value imports of a module: `import … from`, `export … from`, `import("…")`. */
export function valueImports(text: string): string[] {
  const found: string[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+([^;]*?)\s+from\s+["']([^"']+)["']/g;
  for (const m of text.matchAll(statement)) {
    const clause = m[2]!.trim();
    if (clause.startsWith("type ")) continue;
    const braces = clause.match(/^\{([^}]*)\}$/);
    if (braces) {
      const names = braces[1]!
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean);
      if (names.length > 0 && names.every((n) => n.startsWith("type "))) continue;
    }
    found.push(m[3]!);
  }
  for (const m of text.matchAll(/(?:^|\n)\s*import\s+["']([^"']+)["']/g)) found.push(m[1]!);
  for (const m of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push(m[1]!);
  return found;
}

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  throw new Error(`${path.relative(ROOT, from)} imports ${specifier}, which does not resolve`);
}

/** The chains from `entry` to a forbidden package, e.g. "a.tsx → lib/x.ts → zod". */
function forbiddenChains(entry: string): string[] {
  const chains: string[] = [];
  const seen = new Set<string>([entry]);
  const queue: Array<{ file: string; chain: string[] }> = [{ file: entry, chain: [path.relative(ROOT, entry)] }];
  while (queue.length > 0) {
    const { file, chain } = queue.shift()!;
    for (const specifier of valueImports(readFileSync(file, "utf8"))) {
      if (FORBIDDEN.some((pattern) => pattern.test(specifier))) {
        chains.push([...chain, specifier].join(" → "));
        continue;
      }
      const next = resolve(file, specifier);
      if (next && !seen.has(next)) {
        seen.add(next);
        queue.push({ file: next, chain: [...chain, path.relative(ROOT, next)] });
      }
    }
  }
  return chains;
}

describe("the browser's bundles", () => {
  const entries = ["app", "components", "lib"]
    .flatMap((dir) => sources(path.join(ROOT, dir)))
    .filter((file) => /^\s*["']use client["']/.test(readFileSync(file, "utf8")));

  it("has client modules to check", () => {
    expect(entries.length).toBeGreaterThan(50);
  });

  it("reach no zod, database or server-only module from any client module", () => {
    expect(entries.flatMap(forbiddenChains)).toEqual([]);
  });
});

describe("valueImports", () => {
  it("keeps value imports and drops type-only ones", () => {
    const text = [
      'import { z } from "zod";',
      'import type { A } from "./a";',
      'import { type B, type C } from "./b";',
      'import { D, type E } from "./d";',
      'export { F } from "./f";',
      'export type { G } from "./g";',
      'import "./side-effect";',
      'const H = dynamic(() => import("./h"));',
      'import {\n  I,\n  J,\n} from "./ij";',
    ].join("\n");
    expect(valueImports(text)).toEqual(["zod", "./d", "./f", "./ij", "./side-effect", "./h"]);
  });
});
