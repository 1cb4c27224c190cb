// The top of a CPU profile (.cpuprofile, from `node --cpu-prof`): the functions with the most self
// time, then self time by where the code lives (a package of node_modules, a file of this
// repository, Node's own code, or the engine: GC, idle, program).
// Usage: node bench/profile-top.mjs <file.cpuprofile> [top=25]
import { readFileSync } from "node:fs";

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bench/profile-top.mjs <file.cpuprofile> [top=25]");
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8"));

// self time of each node: the time deltas of the samples that landed in it
const selfUs = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

/** Where a function lives: a package, a file of the repository, node:internal, or the engine. */
function placeOf(url) {
  if (!url) return "(engine: native, GC, idle, program)";
  if (url.startsWith("node:")) return "node: (Node's own code)";
  const path = url.replace(/^file:\/\//, "");
  const modules = path.lastIndexOf("/node_modules/");
  if (modules >= 0) {
    const rest = path.slice(modules + "/node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const repo = path.indexOf("/perf-reads/") >= 0 ? path.slice(path.indexOf("/perf-reads/") + 12) : path;
  return repo;
}

const byFunction = new Map();
const byPlace = new Map();
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (us === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const place = placeOf(url);
  const key = `${functionName || "(anonymous)"}  ${place}${url ? `:${lineNumber + 1}` : ""}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  byPlace.set(place, (byPlace.get(place) ?? 0) + us);
}

function print(title, map) {
  console.log(`\n${title}`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
}

console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
print("self time by function", byFunction);
print("self time by package or file", byPlace);
