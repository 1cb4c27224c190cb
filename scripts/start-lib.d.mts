/** null when the Node version satisfies `required` (">=22.12"); otherwise the one line npm start prints before it stops. */
export declare function nodeTooOld(version: string, required?: string): string | null;
/** A child's output line as `npm start` prints it: `[name] line`, unless it already starts with `[name] `. */
export declare function prefixLine(name: string, line: string): string;
/** Whether the console's start runs `next build` first. */
export declare function webNeedsBuild(root: string, env: Record<string, string | undefined>): boolean;
/** The environment of `npm start`'s children (LUPA_LOG_FORMAT=pretty for a terminal, when unset). */
export declare function childEnv(env: Record<string, string | undefined>, isTTY: boolean): Record<string, string | undefined>;
/** The line `npm start` begins with. */
export declare function startBanner(env: Record<string, string | undefined>, willBuild: boolean): string;
/** Waits until the API answers GET /health, up to timeoutMs; whether it answered. */
export declare function waitForApi(
  apiUrl: string,
  options?: { timeoutMs?: number; intervalMs?: number; fetchImpl?: typeof fetch },
): Promise<boolean>;
/** The URL the console answers on from this machine. */
export declare function localWebUrl(host: string, port: string): string;
/** Requests the sign-in page and next-auth's routes once the console listens; the paths that answered. */
export declare function warmUp(
  webUrl: string,
  options?: { paths?: string[]; timeoutMs?: number; fetchImpl?: typeof fetch },
): Promise<string[]>;
/** The demo accounts, as server/tenancy/demo.ts seeds them (email and role). */
export declare const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; role: string }>;
/** The demo accounts' published password. */
export declare const DEMO_ACCOUNTS_PASSWORD: string;
/** The lines the console prints once it answers: its URL and, while they keep the demo password, the demo accounts. */
export declare function readyLines(webUrl: string, demoAccountsOpen: boolean): string[];
/** Whether the API says its demo accounts keep the published password (false when it cannot say). */
export declare function demoAccountsOpen(apiUrl: string, options?: { fetchImpl?: typeof fetch; timeoutMs?: number }): Promise<boolean>;
