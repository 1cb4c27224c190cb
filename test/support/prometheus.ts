// Reads a scrape in the Prometheus text format (version 0.0.4) for tests: samples by name and labels.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:[0-9.]+(?:e[+-]?[0-9]+)?|\+Inf|-Inf|NaN|Nan))$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Every sample of the text; throws on a line that is neither a comment nor a well-formed sample. */
export function parseScrape(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("# HELP ") || line.startsWith("# TYPE ")) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`Not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(LABEL)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]!.replace(/^\+?Inf$/, "Infinity")) });
  }
  return samples;
}

/** The families the text declares (`# TYPE name type`), by name. */
export function familiesOf(text: string): Map<string, string> {
  const families = new Map<string, string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) families.set(name!, type!);
  return families;
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
export function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/** Whether some sample named `name` has exactly these values for the given labels. */
export function has(samples: Sample[], name: string, labels: Record<string, string> = {}): boolean {
  return samples.some((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

/** Every family docs/operations.md lists, with its type. */
export const FAMILIES: Record<string, string> = {
  lupa_http_requests_total: "counter",
  lupa_http_request_duration_seconds: "histogram",
  lupa_collections_created_total: "counter",
  lupa_collections_ended_total: "counter",
  lupa_collection_duration_seconds: "histogram",
  lupa_provider_calls_total: "counter",
  lupa_provider_call_duration_seconds: "histogram",
  lupa_dataset_cache_hits_total: "counter",
  lupa_dataset_cache_misses_total: "counter",
  lupa_callback_deliveries_total: "counter",
  lupa_queue_waiting_jobs: "gauge",
  lupa_queue_scheduled_jobs: "gauge",
  lupa_queue_oldest_waiting_seconds: "gauge",
  lupa_db_pool_connections: "gauge",
  lupa_db_pool_waiting: "gauge",
  lupa_db_pool_max: "gauge",
  lupa_db_listen_up: "gauge",
  lupa_db_listen_connects_total: "counter",
  lupa_record_cache_hits_total: "counter",
  lupa_record_cache_misses_total: "counter",
  lupa_record_cache_entries: "gauge",
  process_cpu_seconds_total: "counter",
  process_resident_memory_bytes: "gauge",
  nodejs_eventloop_lag_seconds: "gauge",
};
