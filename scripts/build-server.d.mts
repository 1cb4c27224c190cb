/** The service's entry points by the name of their bundle in dist/ (`main` → dist/main.mjs). */
export declare const ENTRIES: Record<string, string>;
/** Whether `out` (default dist/) holds a build newer than every source. */
export declare function isFresh(out?: string): boolean;
/** Bundles the service into `out` (default dist/). */
export declare function buildServer(options?: { out?: string; quiet?: boolean }): Promise<void>;
