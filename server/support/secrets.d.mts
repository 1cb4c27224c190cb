export function dataDir(env?: Record<string, string | undefined>): string;
export function loadSecrets(env?: Record<string, string | undefined>): { jwtSecret: string; nextAuthSecret: string; cursorSecret: string };
