// `npm run admin -- <command> [--flag value ...]`: operators' command for workspaces and users.
// Runs against the same database as the service (DATABASE_URL, or the embedded database in
// LUPA_DATA_DIR — stop the service first in embedded mode: one process owns the folder).
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { users, workspaces } from "../db/schema";
import { createUser, createWorkspace, resetPassword, setUserDisabled } from "../tenancy/workspaces";
import { isRole, ROLES } from "../auth/permissions";
import { upsertGlobalProfiles } from "../tenancy/catalog";
import { purgeAuditEvents } from "../review/audit/purge";

const HELP = `Usage: npm run admin -- <command> [options]

Commands:
  list-workspaces
  create-workspace --name <name> [--no-contract]
  create-user --workspace <id> --email <email> --role <${ROLES.join("|")}> --password <password> [--name <name>]
  reset-password --email <email> --password <password>
  disable-user --email <email>
  enable-user --email <email>
  list-users --workspace <id>
  usage --workspace <id> [--from <date>] [--to <date>]
  purge-audit-events [--workspace <id>]   delete audit events older than each workspace's retention (review settings, default 5 years); the purge is recorded
`;

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: "string" },
      workspace: { type: "string" },
      email: { type: "string" },
      role: { type: "string" },
      password: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      "no-contract": { type: "boolean" },
    },
  });
  if (!command || command === "help" || command === "--help") {
    console.log(HELP);
    return command ? 0 : 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    await upsertGlobalProfiles(database.db);
    const db = database.db;
    const need = (name: keyof typeof values) => {
      const v = values[name];
      if (typeof v !== "string" || !v) throw new UsageError(`--${name} is required`);
      return v;
    };
    switch (command) {
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
          password: need("password"),
          name: values.name,
        });
        console.log(`Created user ${user.email} (${user.role}): ${user.id}`);
        return 0;
      }
      case "reset-password": {
        const ok = await resetPassword(db, need("email"), need("password"));
        console.log(
          ok ? "Password reset; every session of the user has ended (its tokens stop within seconds)." : "No user with that e-mail.",
        );
        return ok ? 0 : 1;
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
      default:
        throw new UsageError(`Unknown command ${command}`);
    }
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

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
