// `npm run start:api`: the API process. On the embedded database it also runs the workers and,
// on a fresh data folder, creates the demo workspace.
import { loadConfig } from "./config";
import { startLupa } from "./start";
import { DEMO_PASSWORD, DEMO_USERS } from "./tenancy/demo";
import { DataDirLockedError } from "./db/lock";
import { StartRefusedError } from "./tenancy/demo-guard";
import { WeakSecretError } from "./support/secrets.mjs";
import { SchemaBehindError } from "./db/migrate";
import { survivePostgresRestarts } from "./support/process-faults";
import { createProcessLogger } from "./support/logger";
import { providerBanner, registryLine } from "./datasets/providers/banner";

async function main(): Promise<void> {
  const config = loadConfig();
  for (const line of providerBanner(config.providers, config.sandbox)) console.log(line);
  const log = createProcessLogger(config.logLevel);
  survivePostgresRestarts(log);
  const lupa = await startLupa({
    config,
    services: { log },
    api: { listen: { port: config.apiPort, host: config.apiHost } },
    workers: config.inProcessWorkers,
    sweepers: config.inProcessWorkers,
    seedDemo: config.seedDemo,
    demoGuard: true,
    metrics: true,
  });
  const where = config.databaseUrl ? "PostgreSQL" : `embedded database in ${config.dataDir}`;
  console.log(
    `Lupa API listening on http://${config.apiHost}:${config.apiPort} (${where}; workers ${config.inProcessWorkers ? "in this process" : "in separate processes: npm run start:worker"})`,
  );
  console.log(`API reference: http://${config.apiHost}:${config.apiPort}/docs`);
  const registry = await registryLine(config.providers, (text) => lupa.services.database.query(text)).catch(() => null);
  if (registry) console.log(registry);
  if (config.seedDemo) {
    console.log(
      `${lupa.seeded ? "Created the demo workspace. " : ""}Demo accounts (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => `${u.email} (${u.role})`).join(", ")}`,
    );
  }
  const stop = async (signal: string) => {
    log.info({ signal }, "stopping");
    await lupa.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error) => {
  if (
    error instanceof DataDirLockedError ||
    error instanceof StartRefusedError ||
    error instanceof WeakSecretError ||
    error instanceof SchemaBehindError
  )
    console.error(error.message);
  else console.error(error);
  process.exit(1);
});
