// `npm run start:worker`: a worker process for PostgreSQL mode. Run any number of them beside
// the API processes; they share work through the queue and never run a collection twice at once.
import { loadConfig } from "./config";
import { createServices } from "./services";
import { startWorkers } from "./engine/workers";
import { callbackWorkers } from "./v3/callbacks/worker";
import { OWNERS } from "./owners";
import { runningCollections, WORKER_ID } from "./engine/runner";
import { handBack } from "./engine/store";
import { WeakSecretError } from "./support/secrets.mjs";
import { survivePostgresRestarts } from "./support/process-faults";
import { startMetricsServer } from "./metrics/server";

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error("start:worker needs DATABASE_URL (PostgreSQL). On the embedded database the API process runs the workers itself.");
    process.exit(2);
  }
  const services = await createServices(config);
  survivePostgresRestarts(services.log);
  const stopWorkers = await startWorkers(services, { owners: OWNERS, extra: callbackWorkers });
  const metrics = await startMetricsServer(services, config.metrics);
  console.log(`Lupa worker ${process.pid} started`);
  // SIGTERM: take no new jobs, let running collections finish for up to 10 s (the queue's
  // graceful stop), then hand back what is left so another worker resumes it within seconds.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stopWorkers();
    await services.queue.stop();
    const left = runningCollections();
    if (left.length > 0) {
      const handed = await handBack(services.db, left, WORKER_ID).catch(() => 0);
      console.log(`Lupa worker ${process.pid} handed back ${handed} collection(s)`);
    }
    await metrics.close();
    await services.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((error) => {
  console.error(error instanceof WeakSecretError ? error.message : error);
  process.exit(1);
});
