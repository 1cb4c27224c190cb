// `npm run bench -- <name> [args]`: runs one benchmark and prints its figures.
//   v2-get [seconds] [concurrency]   GET /api/v2/verifications/{id} vs bare node:http
import { benchV2Get } from "./v2-get";

const [name = "v2-get", ...args] = process.argv.slice(2);
const benches: Record<string, (args: string[]) => Promise<void>> = {
  "v2-get": (a) => benchV2Get(Number(a[0] ?? 5), Number(a[1] ?? 16)),
};

const bench = benches[name];
if (!bench) {
  console.error(`Unknown benchmark ${name}. Known: ${Object.keys(benches).join(", ")}`);
  process.exit(2);
}
await bench(args);
process.exit(0);
