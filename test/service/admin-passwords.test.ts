// The admin command never takes a password as an argument (issue 21, item 9: an argument lands in
// `ps` and in the shell's history). It reads it from standard input with --password-stdin, or asks
// for it twice without echo on a terminal (run here under `script`, which gives it a real
// pseudo-terminal); without either it stops and says how, and `--password <value>` is refused.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../server/db/client";
import { users } from "../../server/db/schema";
import { verifyPassword } from "../../server/auth/passwords";
import { TEST_DB } from "../support/databases";
import { runProcess } from "../support/processes";

const dataDir = mkdtempSync(path.join(tmpdir(), "lupa-admin-"));
const env = { LUPA_DATA_DIR: dataDir, LUPA_SCRYPT_LOG_N: "12", LUPA_LOG_LEVEL: "warn" };
const EMAIL = "ops@test.local";
const admin = (args: string[], input?: string) => runProcess("server/admin/cli.ts", env, args, input);

async function passwordIs(password: string): Promise<boolean> {
  const database = await openDatabase({ databaseUrl: null, dataDir });
  try {
    const [row] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, EMAIL));
    return verifyPassword(password, row!.hash);
  } finally {
    await database.close();
  }
}

/** The command on a pseudo-terminal: each answer is typed once its prompt shows. */
function onTerminal(args: string[], answers: string[]): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, "--import", "tsx", "server/admin/cli.ts", ...args].map((a) => `'${a}'`).join(" ");
  const child = spawn("script", ["-q", "-e", "-c", command, "/dev/null"], {
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  let typed = 0;
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    const prompts = output.match(/Password: |Repeat the password: /g)?.length ?? 0;
    while (typed < prompts && typed < answers.length) child.stdin.write(`${answers[typed++]}\r`);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

describe.runIf(TEST_DB === "pglite")("admin command passwords (real processes)", () => {
  let workspaceId: string;
  beforeAll(async () => {
    const ws = await admin(["create-workspace", "--name", "Admin passwords"]);
    expect(ws.code, ws.output).toBe(0);
    workspaceId = /: ([0-9a-f-]{36})/.exec(ws.output)![1]!;
  }, 180_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("creates a user with the password from standard input (--password-stdin), one final line break dropped", async () => {
    const res = await admin(
      ["create-user", "--workspace", workspaceId, "--email", EMAIL, "--role", "admin", "--password-stdin"],
      "from-standard-input-1\n",
    );
    expect(res.code, res.output).toBe(0);
    expect(res.output).not.toContain("from-standard-input-1");
    expect(await passwordIs("from-standard-input-1")).toBe(true);
  }, 120_000);

  it("asks twice without echo on a terminal, and refuses two different answers", async () => {
    const res = await onTerminal(["reset-password", "--email", EMAIL], ["typed-at-the-prompt-1", "typed-at-the-prompt-1"]);
    expect(res.code, res.output).toBe(0);
    expect(res.output).toContain("Password: ");
    expect(res.output).toContain("Repeat the password: ");
    expect(res.output).toContain("Password reset");
    expect(res.output).not.toContain("typed-at-the-prompt-1");
    expect(await passwordIs("typed-at-the-prompt-1")).toBe(true);

    const differ = await onTerminal(["reset-password", "--email", EMAIL], ["first-answer-00001", "second-answer-0002"]);
    expect(differ.code).toBe(2);
    expect(differ.output).toContain("The two passwords differ; nothing was changed");
    expect(await passwordIs("typed-at-the-prompt-1")).toBe(true);
  }, 120_000);

  it("without a terminal or --password-stdin it stops and says how; --password <value> is refused", async () => {
    const none = await admin(["reset-password", "--email", EMAIL]);
    expect(none.code).toBe(2);
    expect(none.output).toContain(
      "No password given: the command asks for it on a terminal, or reads it from standard input with --password-stdin",
    );
    const argument = await admin(["reset-password", "--email", EMAIL, "--password", "as-an-argument-1"]);
    expect(argument.code).toBe(2);
    expect(argument.output).toContain("--password is not accepted (it would land in ps and the shell history)");
    const empty = await admin(["reset-password", "--email", EMAIL, "--password-stdin"], "");
    expect(empty.code).toBe(2);
    expect(empty.output).toContain("--password-stdin: standard input held no password");
    expect(await passwordIs("typed-at-the-prompt-1")).toBe(true);
  }, 120_000);
});
