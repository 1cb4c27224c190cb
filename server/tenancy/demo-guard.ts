// The demo accounts (server/tenancy/demo.ts) have a published password. An API reachable beyond
// this machine with those accounts still on it is open to anyone: the service refuses to start
// then, unless LUPA_ALLOW_DEMO=1 says the operator means it (a shared demo). The sign-in refuses
// the demo password from beyond this machine too (server/v1/authentication.ts), and the console
// asks GET /api/review/v1/demo-exposure before it listens beyond loopback (scripts/start-web.mjs).
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { verifyPassword } from "../auth/passwords";
import { isLoopback } from "../support/loopback.mjs";
import { DEMO_PASSWORD, DEMO_USERS } from "./demo";

export class StartRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StartRefusedError";
  }
}

export { isLoopback };

/** E-mails of enabled demo accounts that still accept the demo password. */
export async function openDemoAccounts(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, hash: users.passwordHash, disabled: users.disabled })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_USERS.map((u) => u.email),
      ),
    );
  const open: string[] = [];
  for (const row of rows) if (!row.disabled && (await verifyPassword(DEMO_PASSWORD, row.hash))) open.push(row.email);
  return open.sort(); // one order whatever the table's, for the message and the console's warning
}

export async function checkDemoExposure(db: Db, host: string, allowDemo: boolean): Promise<void> {
  if (isLoopback(host) || allowDemo) return;
  const open = await openDemoAccounts(db);
  if (open.length === 0) return;
  throw new StartRefusedError(
    `Refusing to start: the API would listen on ${host}, beyond this machine, while demo accounts still have the demo password (${open.join(", ")}). ` +
      `Change their passwords (npm run admin -- reset-password --email <email>: 12+ characters, asked for on the terminal) or disable them (npm run admin -- disable-user --email <email>), ` +
      `listen on 127.0.0.1 (LUPA_API_HOST), or set LUPA_ALLOW_DEMO=1 to run a public demo on purpose.`,
  );
}
