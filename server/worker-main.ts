// `npm run start:worker`: a worker process for PostgreSQL mode. Run any number of them beside
// the API processes; they share work through the queue and never run a collection twice at once.
import { loadConfig } from "./config";
import { startLupa } from "./start";
import { WeakSecretError } from "./support/secrets.mjs";
import { SchemaBehindError } from "./db/migrate";
import { survivePostgresRestarts } from "./support/process-faults";
import { createProcessLogger } from "./support/logger";

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error("start:worker needs DATABASE_URL (PostgreSQL). On the embedded database the API process runs the workers itself.");
    process.exit(2);
  }
  const log = createProcessLogger(config.logLevel);
  survivePostgresRestarts(log);
  const lupa = await startLupa({ config, services: { log }, workers: true, sweepers: true, metrics: true });
  console.log(`Lupa worker ${process.pid} started`);
  // SIGTERM: take no new jobs, let running collections finish for up to 10 s (the queue's
  // graceful stop), then hand back what is left so another worker resumes it within seconds.
  const stop = async () => {
    await lupa.stop();
    console.log(`Lupa worker ${process.pid} stopped`);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((error) => {
  console.error(error instanceof WeakSecretError || error instanceof SchemaBehindError ? error.message : error);
  process.exit(1);
});
