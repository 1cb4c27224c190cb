// Types of loopback.mjs.
export function isLoopback(host: string): boolean;
