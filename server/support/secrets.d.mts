export function dataDir(env?: Record<string, string | undefined>): string;
export function loadSecrets(env?: Record<string, string | undefined>): { jwtSecret: string; nextAuthSecret: string; cursorSecret: string };
export const MIN_SECRET_BYTES: number;
export class WeakSecretError extends Error {
  constructor(variable: string, bytes: number);
}
export function ensurePrivateDir(dir: string): void;
export function checkSecretsFromEnv(env?: Record<string, string | undefined>): void;
