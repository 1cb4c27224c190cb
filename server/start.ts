// One startup for every process that runs the service: the API (server/main.ts), a worker
// (server/worker-main.ts), the tests' harness and the benchmarks. Each says which roles it runs;
// the wiring (services, profiles, owners, workers, sweeper, app) and the stop order live here only.
import type { FastifyInstance } from "fastify";
import type { Config } from "./config";
import { createServices, type ServiceOptions } from "./services";
import type { Services } from "./context";
import { buildApp } from "./http/app";
import { startSweeper, startTakeover, startWorkers } from "./engine/workers";
import { runningCollections, stopRunning, useLiveness, WORKER_ID } from "./engine/runner";
import { holdLiveness } from "./engine/liveness";
import { handBack } from "./engine/store";
import { upsertGlobalProfiles } from "./tenancy/catalog";
import { seedDemo } from "./tenancy/demo";
import { settleDemo } from "./tenancy/demo-features";
import { checkDemoExposure } from "./tenancy/demo-guard";
import { callbackWorkers } from "./v3/callbacks/worker";
import { webhookWorker } from "./webhooks/worker";
import { backtestWorkers } from "./rules/backtest-worker";
import { monitoringWorkers } from "./monitoring/runs";
import { OWNERS } from "./owners";
import { startMetricsServer } from "./metrics/server";

export interface LupaOptions {
  config: Config;
  /** The log, an open database or another dataset provider (tests and benchmarks). */
  services?: ServiceOptions;
  /** Build the HTTP app; `listen` also binds it (tests call `app.inject()` instead). */
  api?: false | { listen?: { host: string; port: number } };
  /** The collection and callback workers. */
  workers?: boolean;
  /** The sweeper: deadlines, lost jobs, owners' sweeps, the dataset cache's expired answers. */
  sweepers?: boolean;
  /** Create the demo workspace on a database that has none (the first start of `npm start`). */
  seedDemo?: boolean;
  /** Refuse to start when the API listens beyond loopback with the demo accounts open. */
  demoGuard?: boolean;
  /** Open the operators' listener (/metrics, /ready) when LUPA_METRICS_PORT is set (processes; not tests). */
  metrics?: boolean;
}

export interface Lupa {
  services: Services;
  app: FastifyInstance | null;
  /** Whether this start created the demo workspace. */
  seeded: boolean;
  /**
   * With seedDemo: the demo's second part (decisions, a case past its SLA) running in the
   * background once its cases have finished (server/tenancy/demo-features.ts); null otherwise.
   */
  demoSettled: Promise<"settled" | "skipped" | "failed"> | null;
  /**
   * Stops in order: the listener, the sweeper, the workers (the queue lets running jobs finish for
   * up to 10 s), hands back the collections still running so another worker resumes them at once,
   * then closes the services. A database given in `services.database` stays open.
   */
  stop(): Promise<void>;
}

/** The workers beside the collections': callback deliveries, rule set backtests and monitoring runs. */
async function extraWorkers(s: Services, concurrency: number): Promise<() => Promise<void>> {
  const stopCallbacks = await callbackWorkers(s, concurrency);
  const stopBacktests = await backtestWorkers(s);
  const stopMonitoring = await monitoringWorkers(s);
  const stopWebhooks = webhookWorker(s); // server/webhooks/worker.ts
  return async () => {
    await stopWebhooks();
    await stopMonitoring();
    await stopBacktests();
    await stopCallbacks();
  };
}

/** The worker roles on running services; returns their stop function (also used by tests that start them late). */
export async function startWork(services: Services, roles: { workers?: boolean; sweepers?: boolean }): Promise<() => Promise<void>> {
  const url = services.config.databaseUrl;
  // PostgreSQL: the lock that tells the other processes this one is alive (server/engine/liveness.ts)
  const liveness = roles.workers && url ? await holdLiveness(url, services.log) : null;
  useLiveness(services, liveness);
  const stopWorkers = roles.workers ? await startWorkers(services, { owners: OWNERS, extra: extraWorkers }) : null;
  const stopSweeper = roles.sweepers ? startSweeper(services, OWNERS) : null;
  const stopTakeover = roles.sweepers && url ? startTakeover(services) : null;
  return async () => {
    await stopSweeper?.();
    await stopTakeover?.();
    if (!stopWorkers) return;
    await stopWorkers();
    await services.queue.stop(); // running jobs finish for up to 10 s
    // the rest stop where they are and hand themselves back, so another worker resumes them at once
    const left = runningCollections(services);
    stopRunning(services);
    await services.queue.settled(5_000);
    // a collection that did not return in time (a provider call that ignores the signal)
    const stuck = runningCollections(services);
    if (stuck.length > 0) await handBack(services.db, stuck, WORKER_ID).catch(() => 0);
    if (left.length > 0) services.log.info({ handedBack: left.length }, "handed back running collections");
    await liveness?.stop(); // last: the collections handed back are not taken over as a dead worker's
  };
}

export async function startLupa(options: LupaOptions): Promise<Lupa> {
  const { config } = options;
  const services = await createServices(config, options.services);
  let stopWork: () => Promise<void> = async () => {};
  let app: FastifyInstance | null = null;
  const settling = new AbortController();
  let demoSettled: Lupa["demoSettled"] = null;
  try {
    await upsertGlobalProfiles(services.db);
    // the demo seed before the workers: it only creates work (a statement or two per case), and
    // with the workers already collecting, every one of its statements waited behind theirs on the
    // embedded database's single connection (about twice the seed's time); its jobs wait in the
    // queue until the workers start, a moment later
    const seedStarted = performance.now();
    const seeded = options.seedDemo ? await seedDemo(services) : false;
    if (seeded) services.log.info({ ms: Math.round(performance.now() - seedStarted) }, "created the demo workspace");
    stopWork = await startWork(services, { workers: options.workers, sweepers: options.sweepers });
    demoSettled = options.seedDemo
      ? settleDemo(services, settling.signal).catch((err) => {
          if (!settling.signal.aborted) services.log.warn({ err }, "the demo's decisions could not be recorded");
          return "failed" as const;
        })
      : null;
    if (options.demoGuard) await checkDemoExposure(services.db, config.apiHost, config.allowDemo);
    if (options.api) {
      app = await buildApp(services);
      if (options.api.listen) await app.listen(options.api.listen);
    }
    const metrics = options.metrics ? await startMetricsServer(services, config.metrics) : null;
    let stopping: Promise<void> | null = null;
    return {
      services,
      app,
      seeded,
      demoSettled,
      stop: () =>
        (stopping ??= (async () => {
          settling.abort();
          await demoSettled;
          await app?.close();
          await stopWork();
          await metrics?.close();
          await services.close();
        })()),
    };
  } catch (error) {
    settling.abort();
    await demoSettled;
    await app?.close().catch(() => {});
    await stopWork().catch(() => {});
    await services.close().catch(() => {});
    throw error;
  }
}
