// Secrets shared by the service and the console, generated on first start and kept in the data
// folder (LUPA_DATA_DIR, default ./.lupa) so that sessions and tokens survive restarts.
// A value given in the environment always wins; nothing is generated for it, and it must be at
// least 32 bytes or the process refuses to start. The folder is kept 0700 and secrets.json 0600.
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const GENERATED = ["jwtSecret", "nextAuthSecret", "cursorSecret"];
const FROM_ENV = { jwtSecret: "LUPA_JWT_SECRET", nextAuthSecret: "NEXTAUTH_SECRET", cursorSecret: "LUPA_CURSOR_SECRET" };

export function dataDir(env = process.env) {
  return path.resolve(env.LUPA_DATA_DIR || ".lupa");
}

function readStored(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    if (error.code === "ENOENT") return {};
    throw new Error(`Cannot read ${file}: ${error.message}`);
  }
}

export const MIN_SECRET_BYTES = 32;

/** A secret given in the environment is too short: the message names the variable, never the value. */
export class WeakSecretError extends Error {
  constructor(variable, bytes) {
    super(
      `${variable} must be at least ${MIN_SECRET_BYTES} bytes long (it has ${bytes}). ` +
        `Generate one with: openssl rand -hex 32 — or unset it to use the generated one in the data folder.`,
    );
    this.name = "WeakSecretError";
  }
}

/** Creates the folder with mode 0700, or tightens an existing one that this user owns. */
export function ensurePrivateDir(dir) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = statSync(dir);
  if ((stat.mode & 0o077) !== 0 && typeof process.getuid === "function" && stat.uid === process.getuid()) chmodSync(dir, 0o700);
}

/** Refuses environment secrets shorter than MIN_SECRET_BYTES. */
export function checkSecretsFromEnv(env = process.env) {
  for (const name of GENERATED) {
    const value = env[FROM_ENV[name]];
    if (value && Buffer.byteLength(value, "utf8") < MIN_SECRET_BYTES)
      throw new WeakSecretError(FROM_ENV[name], Buffer.byteLength(value, "utf8"));
  }
}

/** Returns every secret, from the environment or the data folder, creating missing ones. */
export function loadSecrets(env = process.env) {
  checkSecretsFromEnv(env);
  const dir = dataDir(env);
  ensurePrivateDir(dir);
  const file = path.join(dir, "secrets.json");
  const stored = readStored(file);
  let changed = false;
  for (const name of GENERATED) {
    if (!stored[name]) {
      stored[name] = randomBytes(32).toString("hex");
      changed = true;
    }
  }
  if (changed) writeFileSync(file, JSON.stringify(stored, null, 2) + "\n", { mode: 0o600 });
  chmodSync(file, 0o600);
  const result = {};
  for (const name of GENERATED) result[name] = env[FROM_ENV[name]] || stored[name];
  return result;
}
