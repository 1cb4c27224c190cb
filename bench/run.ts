// `npm run bench -- <name> [args]`: runs one benchmark and prints its figures.
//   v2-get [seconds] [concurrency] [rounds]     GET v2 verification and v3 enrichment by id vs bare node:http and a hand-written peer
//   v3-throughput [items] [noopJobs] [samples] [rounds]  enrichments/s vs pg-boss no-op jobs/s (median round); wake-up delay
//   pages [webUrl] [decisions]                  console pages: JS per route, LCP, decision to next case
//   signin [webUrl] [runs] [apiUrl]             click "Entrar" -> first page painted vs the bare scrypt hash and the API's sign-in
//   v2-stats [rows] [runs]                      GET /api/v2/verifications/stats over 100,000 verifications
//   v2-list [rows] [runs]                       GET /api/v2/verifications with search and feedbackStatus over 100,000
//   pdf [iterations]                            PDF report of a full dossier vs a 1-page pdfkit document (p50, p99)
//   sustained [seconds] [limit]                 60 s mixed traffic of two workspaces at their rate limit
//   vision [samples]                            CNH reading and face match times, model load, memory
//   batch [size] [runs] [probeSeconds]        batch of 500 accepted (p50 of 10); interactive p99 idle vs during a batch
//   dataset-cache [documents] [latencyMs] [concurrency]  provider calls saved by the dataset cache over a day's repeats
//   list-scale [rows] [runs] [--reuse]          both lists at 1,000,000 rows in one workspace + 100 others (PostgreSQL)
//   scale-out [items] [seconds] [rounds]        1 API + 1 worker vs 2 APIs + 3 workers: enrichments/s, GET req/s (PostgreSQL, Redis)
//   startup [rounds]                            API process start time, RSS and CPU: compiled (dist/) vs tsx vs bare node
//   review-queue [rows] [runs] [--reuse]       the review queue (/cases filters, next with 8 callers) at 1,000,000 verifications (PostgreSQL)
//   audit-events [events] [runs] [--reuse]     the audit trail at 10,000,000 events: filters by type and case; a decision's recording (PostgreSQL)
//   exports [cases] [events] [runs]            cases/export.csv and audit-events.csv in people's words vs in codes: time, bytes, a read meanwhile
//   usage-daily [entries] [runs]               /usage's API cost: 31 x GET /api/v3/usage (one per day) vs one GET /api/review/v1/usage/daily
//   network [runs]                              navigation -> settled lawsuit graph (300+ nodes), JS of the route (running console)
//   graph [establishments] [--reuse] [--runs N]  the investigation graph: expand depth 1 and 2, paths up to 6 hops, a case read with 20 explorers (PostgreSQL)
//   metrics-hooks [operations] [rounds] [queries]  CPU per metrics hook vs prom-client's labelled calls; PGlite lock tracking
//   abuse [pdf] [csv] [png] [png16] [sanctions] [receita]  one user's abusive requests and hostile imports: /health, an ordinary read and memory meanwhile (issue 21)
//   import-cnpj [establishments] [--files <dir>]  CNPJ open-data import vs a plain COPY of the same rows; bytes per establishment; lookup p50/p99 (PostgreSQL)
//   rules [runs]                                 POST /rulesets/evaluate (version 1) vs GET /health and a case read (p50, p99)
//   backtest [rows] [runs]                      a rule set backtest over 100,000 verifications (PostgreSQL) or 10,000 (PGlite); case reads meanwhile
//   monitoring [documents] [--full]             monitoring runs: 200,000 (--full 1,000,000) watched documents vs a registry release changing 1% and 20,000 sanctions; case reads meanwhile (PostgreSQL)
//   investigate-layout [runs]                  /investigate's ForceAtlas2 layout at 500, 2,000 and 5,000 nodes vs building the graph alone
//   webhooks [rate] [seconds] [down] [cases]   events/s through the outbox to a local receiver down in the middle: commit → delivery p95, lost, order (issue 35)
//   schema-roles [rounds] [events]               two database roles vs one: a start's schema step, a test file's database, the audit purge (PostgreSQL)
//   api-keys [seconds] [concurrency] [rounds]   GET v2 verification by id with an access token vs an API key; the key's lookups
import { benchV2Get } from "./v2-get";
import { benchV3Throughput } from "./v3-throughput";
import { benchPdf } from "./pdf";
import { benchV2Stats } from "./v2-stats";
import { benchV2List } from "./v2-list";
import { benchSustained } from "./sustained";
import { benchVision } from "./vision";
import { benchPages } from "./pages";
import { benchSignIn } from "./signin";
import { benchNetwork } from "./network";
import { benchGraph } from "./graph";
import { benchBatch } from "./batch";
import { benchDatasetCache } from "./dataset-cache";
import { benchListScale } from "./list-scale";
import { benchScaleOut } from "./scale-out";
import { benchStartup } from "./startup";
import { benchMetricsHooks } from "./metrics-hooks";
import { benchAbuse } from "./abuse";
import { benchImportCnpj } from "./import-cnpj";
import { benchReviewQueue } from "./review-queue";
import { benchAuditEvents } from "./audit-events";
import { benchUsageDaily } from "./usage-daily";
import { benchSchemaRoles } from "./schema-roles";
import { benchExports } from "./exports";
import { benchRules } from "./rules";
import { benchBacktest } from "./backtest";
import { benchApiKeys } from "./api-keys";
import { benchMonitoring } from "./monitoring";
import { benchInvestigateLayout } from "./investigate-layout";
import { benchWebhooks } from "./webhooks";

const [name = "v2-get", ...args] = process.argv.slice(2);
const benches: Record<string, (args: string[]) => Promise<void>> = {
  "api-keys": (a) => benchApiKeys(Number(a[0] ?? 5), Number(a[1] ?? 16), Number(a[2] ?? 3)),
  "v2-get": (a) => benchV2Get(Number(a[0] ?? 5), Number(a[1] ?? 16), Number(a[2] ?? 3)),
  pages: (a) => benchPages(a[0] ?? "http://127.0.0.1:3000", Number(a[1] ?? 5)),
  signin: (a) => benchSignIn(a[0] ?? "http://127.0.0.1:3000", Number(a[1] ?? 5), a[2] ?? "http://127.0.0.1:4000"),
  "v2-stats": (a) => benchV2Stats(Number(a[0] ?? 100_000), Number(a[1] ?? 5)),
  "v2-list": (a) => benchV2List(Number(a[0] ?? 100_000), Number(a[1] ?? 30)),
  "v3-throughput": (a) => benchV3Throughput(Number(a[0] ?? 300), Number(a[1] ?? 2000), Number(a[2] ?? 30), Number(a[3] ?? 3)),
  pdf: (a) => benchPdf(Number(a[0] ?? 100)),
  sustained: (a) => benchSustained(Number(a[0] ?? 60), Number(a[1] ?? 50)),
  vision: (a) => benchVision(Number(a[0] ?? 5)),
  network: (a) => benchNetwork(Number(a[0] ?? 5)),
  graph: (a) => benchGraph(a),
  "dataset-cache": (a) => benchDatasetCache(Number(a[0] ?? 200), Number(a[1] ?? 80), Number(a[2] ?? 4)),
  "list-scale": (a) => benchListScale(a),
  "scale-out": (a) => benchScaleOut(Number(a[0] ?? 1000), Number(a[1] ?? 10), Number(a[2] ?? 1)),
  startup: (a) => benchStartup(Number(a[0] ?? 5)),
  abuse: (a) => benchAbuse(a),
  "import-cnpj": (a) => benchImportCnpj(a),
  "review-queue": (a) => benchReviewQueue(a),
  "audit-events": (a) => benchAuditEvents(a),
  "schema-roles": (a) => benchSchemaRoles(a),
  rules: (a) => benchRules(Number(a[0] ?? 200)),
  backtest: (a) => benchBacktest(a),
  monitoring: (a) => benchMonitoring(a),
  webhooks: (a) => benchWebhooks(Number(a[0] ?? 1000), Number(a[1] ?? 60), Number(a[2] ?? 30), Number(a[3] ?? 200)),
  exports: (a) => benchExports(Number(a[0] ?? 100_000), Number(a[1] ?? 100_000), Number(a[2] ?? 3)),
  "usage-daily": (a) => benchUsageDaily(Number(a[0] ?? 31_000), Number(a[1] ?? 10)),
  batch: (a) => benchBatch(Number(a[0] ?? 500), Number(a[1] ?? 10), Number(a[2] ?? 8)),
  "metrics-hooks": (a) => benchMetricsHooks(Number(a[0] ?? 1_000_000), Number(a[1] ?? 5), Number(a[2] ?? 20_000)),
  "investigate-layout": (a) => benchInvestigateLayout(Number(a[0] ?? 5)),
};

const bench = benches[name];
if (!bench) {
  console.error(`Unknown benchmark ${name}. Known: ${Object.keys(benches).join(", ")}`);
  process.exit(2);
}
await bench(args);
process.exit(0);
