// Secrets shared by the service and the console, generated on first start and kept in the data
// folder (LUPA_DATA_DIR, default ./.lupa) so that sessions and tokens survive restarts.
// A value given in the environment always wins; nothing is generated for it.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
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

/** Returns every secret, from the environment or the data folder, creating missing ones. */
export function loadSecrets(env = process.env) {
  const dir = dataDir(env);
  mkdirSync(dir, { recursive: true });
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
  const result = {};
  for (const name of GENERATED) result[name] = env[FROM_ENV[name]] || stored[name];
  return result;
}
