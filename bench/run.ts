// `npm run bench -- <name> [args]`: runs one benchmark and prints its figures.
//   v2-get [seconds] [concurrency]              GET /api/v2/verifications/{id} vs bare node:http
//   v3-throughput [items] [noopJobs] [samples]  enrichments/s vs pg-boss no-op jobs/s; wake-up delay
//   graph [runs]                                navigation -> settled lawsuit graph (300+ nodes), JS of the route (running console)
import { benchV2Get } from "./v2-get";
import { benchV3Throughput } from "./v3-throughput";
import { benchGraph } from "./graph";

const [name = "v2-get", ...args] = process.argv.slice(2);
const benches: Record<string, (args: string[]) => Promise<void>> = {
  "v2-get": (a) => benchV2Get(Number(a[0] ?? 5), Number(a[1] ?? 16)),
  "v3-throughput": (a) => benchV3Throughput(Number(a[0] ?? 300), Number(a[1] ?? 2000), Number(a[2] ?? 30)),
  graph: (a) => benchGraph(Number(a[0] ?? 5)),
};

const bench = benches[name];
if (!bench) {
  console.error(`Unknown benchmark ${name}. Known: ${Object.keys(benches).join(", ")}`);
  process.exit(2);
}
await bench(args);
process.exit(0);
