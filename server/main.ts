// `npm run start:api`: the API process. On the embedded database it also runs the workers and,
// on a fresh data folder, creates the demo workspace.
import { loadConfig } from "./config";
import { createServices } from "./services";
import { buildApp } from "./http/app";
import { startWorkers } from "./engine/workers";
import { upsertGlobalProfiles } from "./tenancy/catalog";
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from "./tenancy/demo";
import { DataDirLockedError } from "./db/lock";
import { callbackWorkers } from "./v3/callbacks/worker";
import { OWNERS } from "./owners";
import { checkDemoExposure, StartRefusedError } from "./tenancy/demo-guard";
import { WeakSecretError } from "./support/secrets.mjs";
import { survivePostgresRestarts } from "./support/process-faults";
import { startMetricsServer } from "./metrics/server";

async function main(): Promise<void> {
  const config = loadConfig();
  const services = await createServices(config);
  survivePostgresRestarts(services.log);
  await upsertGlobalProfiles(services.db);
  const stopWorkers = config.inProcessWorkers ? await startWorkers(services, { owners: OWNERS, extra: callbackWorkers }) : async () => {};
  const seeded = config.seedDemo ? await seedDemo(services) : false;
  try {
    await checkDemoExposure(services.db, config.apiHost, config.allowDemo);
  } catch (error) {
    await stopWorkers();
    await services.close();
    throw error;
  }
  const app = await buildApp(services);
  await app.listen({ port: config.apiPort, host: config.apiHost });
  const metrics = await startMetricsServer(services, config.metrics);
  const where = config.databaseUrl ? "PostgreSQL" : `embedded database in ${config.dataDir}`;
  console.log(
    `Lupa API listening on http://${config.apiHost}:${config.apiPort} (${where}; workers ${config.inProcessWorkers ? "in this process" : "in separate processes: npm run start:worker"})`,
  );
  console.log(`API reference: http://${config.apiHost}:${config.apiPort}/docs`);
  if (config.seedDemo) {
    console.log(
      `${seeded ? "Created the demo workspace. " : ""}Demo accounts (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => `${u.email} (${u.role})`).join(", ")}`,
    );
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    services.log.info({ signal }, "stopping");
    await app.close();
    await stopWorkers();
    await metrics.close();
    await services.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error) => {
  if (error instanceof DataDirLockedError || error instanceof StartRefusedError || error instanceof WeakSecretError)
    console.error(error.message);
  else console.error(error);
  process.exit(1);
});
