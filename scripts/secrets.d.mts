export function dataDir(env?: NodeJS.ProcessEnv): string;
export function loadSecrets(env?: NodeJS.ProcessEnv): { jwtSecret: string; nextAuthSecret: string; cursorSecret: string };
