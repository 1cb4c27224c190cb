// `npm run start:worker`: a worker process for PostgreSQL mode. Run any number of them beside
// the API processes; they share work through the queue and never run a collection twice at once.
import { loadConfig } from "./config";
import { createServices } from "./services";
import { startWorkers } from "./engine/workers";
import { callbackWorkers } from "./v3/callbacks/worker";
import { OWNERS } from "./owners";

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error("start:worker needs DATABASE_URL (PostgreSQL). On the embedded database the API process runs the workers itself.");
    process.exit(2);
  }
  const services = await createServices(config);
  const stopWorkers = await startWorkers(services, { owners: OWNERS, extra: callbackWorkers });
  console.log(`Lupa worker ${process.pid} started`);
  const stop = async () => {
    await stopWorkers();
    await services.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
