// `npm run admin -- <command> [--flag value ...]`: operators' command for workspaces and users.
// Runs against the same database as the service (DATABASE_URL, or the embedded database in
// LUPA_DATA_DIR — stop the service first in embedded mode: one process owns the folder), as the
// service's role: what it writes (a registry release's schema) is the service's to read. With
// LUPA_MIGRATION_DATABASE_URL it migrates as the owner first, like the service.
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { prepareSchema } from "../db/migrate";
import { monitoringRuns, users, workspaces } from "../db/schema";
import { createUser, createWorkspace, resetPassword, setUserDisabled } from "../tenancy/workspaces";
import { isRole, ROLES } from "../auth/permissions";
import { upsertGlobalProfiles } from "../tenancy/catalog";
import { PasswordInputError, readPassword } from "./password-input";
import { purgeAuditEvents } from "../review/audit/purge";
import { resetFactorByEmail } from "../auth/mfa/reset";

const HELP = `Usage: npm run admin -- <command> [options]

Commands:
  migrate
      applies the database migrations (as LUPA_MIGRATION_DATABASE_URL's role when set, granting DATABASE_URL's role what the service needs)
  list-workspaces
  create-workspace --name <name> [--no-contract]
  create-user --workspace <id> --email <email> --role <${ROLES.join("|")}> [--password-stdin] [--name <name>]
  reset-password --email <email> [--password-stdin]
  disable-user --email <email>
  reset-factor --email <email>
      removes the person's second factor and recovery codes (docs/security.md); recorded as factor.reset
  enable-user --email <email>
  list-users --workspace <id>
  usage --workspace <id> [--from <date>] [--to <date>]
  purge-audit-events [--workspace <id>]
      deletes audit events older than each workspace's retention (review settings, default 5 years, never under 30 days); the purge is recorded
  import-cnpj <folder> [--release YYYY-MM] [--restart] [--reload]
      loads a month of the Receita's CNPJ open data (the folder of its zips) and makes it live
  import-sanctions <zip> [<zip> ...]
      loads the CEIS or CNEP list (the Portal da Transparência's daily zip) as the service's restrictive list
  (both imports then queue a monitoring run per workspace, run by the service's workers)
  monitoring-run [--source sanctions|registry] [--workspace <id>]
      runs monitoring now against the latest release of the source (default: both): a run done starts over, one stopped resumes

Passwords (12 characters or more) are never arguments: they are asked for on a terminal, typed
twice without echo, or read from standard input with --password-stdin:
  printf '%s' "$PASSWORD" | npm run admin -- reset-password --email ana@acme.com --password-stdin
`;

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      workspace: { type: "string" },
      email: { type: "string" },
      role: { type: "string" },
      password: { type: "string" },
      "password-stdin": { type: "boolean" },
      from: { type: "string" },
      to: { type: "string" },
      "no-contract": { type: "boolean" },
      release: { type: "string" },
      restart: { type: "boolean" },
      reload: { type: "boolean" },
      source: { type: "string" },
    },
  });
  if (positionals.length > 0 && command !== "import-cnpj" && command !== "import-sanctions") {
    console.error(`Unexpected argument ${positionals[0]}\n\n${HELP}`);
    return 2;
  }
  if (!command || command === "help" || command === "--help") {
    console.log(HELP);
    return command ? 0 : 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    // log lines on standard error: standard output is the commands' (usage's JSON, tables)
    const log = {
      info: (_: object, message: string) => console.error(message),
      warn: (_: object, message: string) => console.error(`Warning: ${message}`),
    };
    await prepareSchema(database, {
      migrationUrl: config.migrationDatabaseUrl,
      waitSeconds: config.schemaWaitSeconds,
      log,
      regrant: command === "migrate",
    });
    await upsertGlobalProfiles(database.db);
    const db = database.db;
    const password = async () => {
      if (values.password !== undefined)
        throw new UsageError("--password is not accepted (it would land in ps and the shell history): use the prompt or --password-stdin");
      try {
        return await readPassword(values["password-stdin"] === true);
      } catch (error) {
        if (error instanceof PasswordInputError) throw new UsageError(error.message);
        throw error;
      }
    };
    const need = (name: keyof typeof values) => {
      const v = values[name];
      if (typeof v !== "string" || !v) throw new UsageError(`--${name} is required`);
      return v;
    };
    switch (command) {
      case "migrate":
        console.log("The database's schema is up to date.");
        return 0;
      case "purge-audit-events": {
        const all = (await db.select({ id: workspaces.id }).from(workspaces)).map((w) => w.id);
        if (values.workspace && !all.includes(values.workspace)) throw new UsageError(`no workspace ${values.workspace}`);
        const targets = values.workspace ? [values.workspace] : all;
        for (const id of targets) {
          const { before, deleted } = await purgeAuditEvents(db, id);
          console.log(`Workspace ${id}: ${deleted} audit event(s) before ${before} deleted`);
        }
        return 0;
      }
      case "list-workspaces":
        console.table(await db.select({ id: workspaces.id, name: workspaces.name, createdAt: workspaces.createdAt }).from(workspaces));
        return 0;
      case "create-workspace": {
        const ws = await createWorkspace(db, need("name"), values["no-contract"] ? { actions: null } : {});
        console.log(
          `Created workspace ${ws.name}: ${ws.id}${values["no-contract"] ? " (no contract)" : " (contract covering every action)"}`,
        );
        return 0;
      }
      case "create-user": {
        const role = need("role");
        if (!isRole(role)) throw new UsageError(`--role must be one of ${ROLES.join(", ")}`);
        const user = await createUser(db, {
          workspaceId: need("workspace"),
          email: need("email"),
          role,
          password: await password(),
          name: values.name,
        });
        console.log(`Created user ${user.email} (${user.role}): ${user.id}`);
        return 0;
      }
      case "reset-password": {
        const ok = await resetPassword(db, need("email"), await password());
        console.log(
          ok ? "Password reset; every session of the user has ended (its tokens stop within seconds)." : "No user with that e-mail.",
        );
        return ok ? 0 : 1;
      }
      case "reset-factor": {
        const outcome = await resetFactorByEmail(db, need("email"));
        console.log(
          outcome === "reset"
            ? "Second factor removed; the next sign-in asks for the password only (or for an enrolment, if the workspace requires one)."
            : outcome === "no_factor"
              ? "That user has no second factor."
              : "No user with that e-mail.",
        );
        return outcome === "reset" ? 0 : 1;
      }
      case "disable-user":
      case "enable-user": {
        const disable = command === "disable-user";
        const ok = await setUserDisabled(db, need("email"), disable);
        console.log(
          !ok
            ? "No user with that e-mail."
            : disable
              ? "User disabled; every session has ended (its tokens stop within seconds)."
              : "User enabled.",
        );
        return ok ? 0 : 1;
      }
      case "list-users":
        console.table(
          await db
            .select({ id: users.id, email: users.email, role: users.role, disabled: users.disabled })
            .from(users)
            .where(eq(users.workspaceId, need("workspace"))),
        );
        return 0;
      case "usage": {
        const { usageReport } = await import("./usage");
        console.log(
          JSON.stringify(
            await usageReport(
              db,
              need("workspace"),
              values.from ? new Date(values.from) : undefined,
              values.to ? new Date(values.to) : undefined,
            ),
            null,
            2,
          ),
        );
        return 0;
      }
      case "import-cnpj": {
        const folder = positionals[0];
        if (!folder || positionals.length > 1) throw new UsageError("import-cnpj takes one folder");
        const { importCnpj, ImportError } = await import("../registry/import-cnpj");
        try {
          const summary = await importCnpj(database, folder, { release: values.release, restart: values.restart, reload: values.reload });
          if (summary.loaded) await queueMonitoring(database, "registry");
        } catch (error) {
          // a refused file (long_line, entry_too_large, duplicate_keys) is no usage error: exit 1, no help
          if (error instanceof ImportError && !error.code) throw new UsageError(error.message);
          throw error;
        }
        return 0;
      }
      case "import-sanctions": {
        if (positionals.length === 0) throw new UsageError("import-sanctions takes one or more zips (CEIS, CNEP)");
        const { importSanctions } = await import("../registry/sanctions");
        for (const zip of positionals) await importSanctions(database, zip);
        await queueMonitoring(database, "sanctions");
        return 0;
      }
      case "monitoring-run": {
        const source = values.source;
        if (source !== undefined && source !== "sanctions" && source !== "registry")
          throw new UsageError("--source must be sanctions or registry");
        if (values.workspace && !(await db.select({ id: workspaces.id }).from(workspaces)).some((w) => w.id === values.workspace))
          throw new UsageError(`no workspace ${values.workspace}`);
        const { queueRuns, runConcurrency, runMonitoring } = await import("../monitoring/runs");
        let failed = false;
        const sources: ("sanctions" | "registry")[] = source ? [source] : ["sanctions", "registry"];
        for (const s of sources) {
          const { release, ids } = await queueRuns(db, s, values.workspace);
          if (!release) {
            console.log(`${s}: no release imported yet, nothing to compare`);
            continue;
          }
          for (const id of ids) {
            try {
              const run = await runMonitoring({ db, concurrency: runConcurrency(database.kind) }, id);
              if (!run) continue;
              const [row] = await db.select({ ws: monitoringRuns.workspaceId }).from(monitoringRuns).where(eq(monitoringRuns.id, id));
              const reasons = Object.entries(run.uncheckedReasons)
                .map(([k, n]) => `${k} ${n}`)
                .join(", ");
              console.log(
                `Workspace ${row?.ws}: ${s} ${run.release}: ${run.state}, ${run.watched} watched, ${run.checked} checked, ` +
                  `${run.unchecked} unchecked${reasons ? ` (${reasons})` : ""}, ${run.alerts} alert(s) opened`,
              );
              if (run.state !== "done") failed = true;
            } catch (error) {
              failed = true;
              console.error(`Run ${id} stopped: ${(error as Error).message} (run the command again to resume it)`);
            }
          }
        }
        return failed ? 1 : 0;
      }
      default:
        throw new UsageError(`Unknown command ${command}`);
    }
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

/** After an import: the monitoring runs of its source, queued for the service's workers (a failure here loses no import). */
async function queueMonitoring(database: Awaited<ReturnType<typeof openDatabase>>, source: "sanctions" | "registry"): Promise<void> {
  const { queueAfterImport } = await import("../monitoring/runs");
  const { createLogger } = await import("../support/logger");
  try {
    const { release, runs } = await queueAfterImport(database, source, createLogger("warn"));
    if (runs > 0) console.log(`Monitoring: ${runs} run(s) of ${source} ${release} queued (one per workspace).`);
  } catch (error) {
    console.error(
      `Warning: monitoring runs not queued (${(error as Error).message}); run npm run admin -- monitoring-run --source ${source}`,
    );
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${HELP}`);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
