// `node scripts/import-cycles.mjs [root]`: fails (exit 1) when a runtime import cycle exists among
// the modules of server/, lib/, components/ and app/, and names one path round each (docs/
// architecture.md, "Rooms"). `npm test` runs it in its static lane.
//
// Runtime means what is left once TypeScript erases types: `import type`, `export type` and
// imports whose names are all `type` are left out; a side-effect import, `export … from` and
// `import("…")` are kept (a cycle through a dynamic import still ties the two modules together).
// Each file is parsed alone with TypeScript's parser and its specifiers resolved as tsconfig.json
// does (`@/`, index files, .ts/.tsx), without a type check: about 3 s of CPU on this tree, where
// ESLint's import-x/no-cycle doubled the lint's (16 s to 33 s) and needed two more packages
// (docs/decisions.md, "One room per capability").
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ROOTS = ["server", "lib", "components", "app"];

function sources(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "node_modules" ? [] : sources(file);
    return /\.(ts|tsx|mts)$/.test(name) && !/\.d\.m?ts$/.test(name) ? [file] : [];
  });
}

const allTypes = (elements) => elements.length > 0 && elements.every((e) => e.isTypeOnly);

/** The specifiers a module needs at run time (type-only imports and exports left out). */
export function runtimeSpecifiers(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && allTypes(clause.namedBindings.elements)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly || (node.exportClause && ts.isNamedExports(node.exportClause) && allTypes(node.exportClause.elements));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The runtime import graph of the files under `dirs` (paths relative to `root`). */
export function importGraph(root = ROOT, dirs = ROOTS) {
  const options = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    jsx: ts.JsxEmit.ReactJSX,
    baseUrl: root,
    paths: { "@/*": ["./*"] },
  };
  const host = ts.createCompilerHost(options);
  const files = dirs.flatMap((dir) => sources(path.join(root, dir)));
  const inGraph = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const edges = new Set();
    for (const specifier of runtimeSpecifiers(file, readFileSync(file, "utf8"))) {
      const resolved = ts.resolveModuleName(specifier, file, options, host).resolvedModule;
      const target = resolved && path.resolve(resolved.resolvedFileName);
      if (target && inGraph.has(target)) edges.add(path.relative(root, target));
    }
    graph.set(path.relative(root, file), [...edges].sort());
  }
  return graph;
}

/** Strongly connected components of more than one module, or a module importing itself (Tarjan). */
function tangles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  // iterative, so a deep chain of imports cannot overflow the call stack
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        frame[1] += 1;
        const to = edges[i];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) !== index.get(node)) continue;
      const members = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        members.push(member);
      } while (member !== node);
      if (members.length > 1 || edges.includes(node)) found.push(members.sort());
    }
  }
  return found;
}

/** One shortest cycle through the first module of a tangle, e.g. ["a.ts", "b.ts", "a.ts"]. */
function cycleOf(graph, members) {
  const inside = new Set(members);
  const start = members[0];
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const to of graph.get(node) ?? []) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const chain = [node];
        while (chain[0] !== start) chain.unshift(previous.get(chain[0]));
        return [...chain, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

/** Every runtime import cycle: `{ modules, cycle }` per tangle, `cycle` one path round it. */
export function importCycles(root = ROOT, dirs = ROOTS) {
  const graph = importGraph(root, dirs);
  return tangles(graph)
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map((modules) => ({ modules, cycle: cycleOf(graph, modules) }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ? path.resolve(process.argv[2]) : ROOT;
  const since = performance.now();
  const cycles = importCycles(root);
  const took = `${Math.round(performance.now() - since)} ms`;
  if (cycles.length === 0) {
    console.log(`No runtime import cycle in ${ROOTS.join("/, ")}/ (${took}).`);
  } else {
    console.error(`${cycles.length} runtime import cycle(s) (${took}); break each (docs/architecture.md, "Rooms"):`);
    for (const { modules, cycle } of cycles) {
      console.error(`- ${cycle.join(" → ")}`);
      if (modules.length > cycle.length - 1) console.error(`  (${modules.length} modules tangled: ${modules.join(", ")})`);
    }
    process.exitCode = 1;
  }
}
