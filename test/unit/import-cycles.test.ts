// The import-cycle check of npm test's static lane (scripts/import-cycles.mjs): it finds a runtime
// cycle however it is written, names a path round it and exits 1; it leaves out what TypeScript
// erases (type-only imports and exports). The fixtures are small trees written to a temporary folder.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importCycles, runtimeSpecifiers } from "../../scripts/import-cycles.mjs";

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A tree of modules, by path relative to the root; the root has its own folders (server/, lib/, …). */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "lupa-cycles-"));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const cyclesOf = (files: Record<string, string>) => importCycles(tree(files)).map((c) => c.cycle);

describe("import cycles", () => {
  it("finds a cycle across folders, through @/ and index files, and names a path round it", () => {
    const cycles = cyclesOf({
      "server/review/serialize.ts": 'import { latest } from "../decisions";\nexport const refs = () => latest;\n',
      "server/decisions/index.ts": 'export { latest } from "./store";\n',
      "server/decisions/store.ts": 'import { propose } from "./proposals";\nexport const latest = () => propose;\n',
      "server/decisions/proposals.ts": 'import { refs } from "../review/serialize";\nexport const propose = () => refs;\n',
      "lib/a.tsx": 'import { b } from "@/lib/b";\nexport const a = () => b;\n',
      "lib/b.ts": 'import { a } from "@/lib/a";\nexport const b = () => a;\n',
      "components/alone.tsx": 'import { a } from "@/lib/a";\nexport const alone = a;\n',
    });
    expect(cycles).toEqual([
      ["lib/a.tsx", "lib/b.ts", "lib/a.tsx"],
      [
        "server/decisions/index.ts",
        "server/decisions/store.ts",
        "server/decisions/proposals.ts",
        "server/review/serialize.ts",
        "server/decisions/index.ts",
      ],
    ]);
  });

  it("counts side-effect imports, export-from, export * and import()", () => {
    for (const back of ['import "./a";', 'export { a } from "./a";', 'export * from "./a";', 'export const load = () => import("./a");']) {
      const cycles = cyclesOf({
        "app/a.ts": 'import { b } from "./b";\nexport const a = b;\n',
        "app/b.ts": `${back}\nexport const b = 1;\n`,
      });
      expect(cycles, back).toEqual([["app/a.ts", "app/b.ts", "app/a.ts"]]);
    }
    expect(cyclesOf({ "server/self.ts": 'import "./self";\n' })).toEqual([["server/self.ts", "server/self.ts"]]);
  });

  it("leaves out what TypeScript erases", () => {
    for (const back of [
      'import type { A } from "./a";',
      'import { type A } from "./a";',
      'import { type A, type B } from "./a";',
      'export type { A } from "./a";',
      'export { type A } from "./a";',
    ]) {
      const cycles = cyclesOf({
        "lib/a.ts": 'import { b } from "./b";\nexport type A = string;\nexport type B = number;\nexport const a = b;\n',
        "lib/b.ts": `${back}\nexport const b = 1;\n`,
      });
      expect(cycles, back).toEqual([]);
    }
    // one value name among types is a runtime import
    expect(runtimeSpecifiers("x.ts", 'import { type A, b } from "./a";')).toEqual(["./a"]);
  });

  it("ignores what is outside the checked folders and packages", () => {
    const cycles = cyclesOf({
      "server/a.ts": 'import { z } from "zod";\nimport { t } from "../test/t";\nexport const a = [z, t];\n',
      "test/t.ts": 'import { a } from "../server/a";\nexport const t = a;\n',
    });
    expect(cycles).toEqual([]);
  });

  it("exits 1 naming the cycle, and 0 on a tree without one", () => {
    const script = path.resolve(__dirname, "../../scripts/import-cycles.mjs");
    const run = (root: string) => {
      try {
        return { status: 0, output: execFileSync(process.execPath, [script, root], { encoding: "utf8", stdio: "pipe" }) };
      } catch (error) {
        const e = error as { status: number; stderr: string };
        return { status: e.status, output: e.stderr };
      }
    };
    const cyclic = tree({ "server/a.ts": 'import "./b";\n', "server/b.ts": 'import "./a";\n' });
    expect(run(cyclic)).toEqual({ status: 1, output: expect.stringContaining("- server/a.ts → server/b.ts → server/a.ts") });
    const clean = tree({ "server/a.ts": 'import "./b";\n', "server/b.ts": "export {};\n" });
    expect(run(clean)).toEqual({ status: 0, output: expect.stringContaining("No runtime import cycle") });
  });
});
