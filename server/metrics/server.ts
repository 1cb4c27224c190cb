// The operators' listener of a process (API or worker): `GET /metrics` (Prometheus text format),
// `GET /ready` and `GET /health`, on its own address and port (LUPA_METRICS_HOST,
// LUPA_METRICS_PORT), apart from the public API. Plain node:http: nothing of the API's hooks, and
// its requests are not counted among the API's.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";
import type { Services } from "../context";
import { metricsRegistry } from "./scrape";
import { checkReadiness } from "./readiness";

export interface MetricsListen {
  host: string;
  /** null: no listener (the setting is unset); 0: any free port. */
  port: number | null;
}

export interface MetricsServer {
  /** The port it listens on; null when it does not listen. */
  port: number | null;
  close(): Promise<void>;
}

function send(res: http.ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store", "x-content-type-options": "nosniff" });
  res.end(body);
}

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  send(res, status, "application/json; charset=utf-8", JSON.stringify(body));

async function answer(s: Services, registry: Registry, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const path = (req.url ?? "/").split("?")[0];
  if (req.method !== "GET") return json(res, 405, { status: "method_not_allowed" });
  if (path === "/metrics") return send(res, 200, registry.contentType, await registry.metrics());
  if (path === "/ready") {
    const readiness = await checkReadiness(s.database);
    return json(res, readiness.ready ? 200 : 503, readiness.body);
  }
  if (path === "/health") return json(res, 200, { status: "ok" });
  json(res, 404, { status: "not_found" });
}

/** Starts the listener when `port` is set; `close()` stops it. */
export async function startMetricsServer(s: Services, options: MetricsListen): Promise<MetricsServer> {
  if (options.port === null) return { port: null, close: async () => {} };
  const registry = metricsRegistry(s);
  const server = http.createServer((req, res) => {
    answer(s, registry, req, res).catch((err: unknown) => {
      s.log.error({ err }, "metrics request failed");
      if (!res.headersSent) json(res, 500, { status: "error" });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port!, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  s.log.info({ host: options.host, port }, "metrics listening");
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
