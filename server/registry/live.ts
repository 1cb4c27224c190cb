// What readers need to know about the registry, cached per process: the live release's schema,
// and whether any sanctions list was imported. An import NOTIFYs lupa_registry at its commit
// (release.ts, sanctions.ts) and every process forgets what it cached; while the listening
// connection is down nothing is cached, and a reader that finds the schema gone (dropped right
// after a swap it had not heard of yet) reads the pointer again (receita.ts).
import type { Database } from "../db/client";
import { REGISTRY_CHANNEL } from "./release";

export interface LiveRelease {
  release: string;
  schema: string;
  liveAt: string;
}

/** Cached answers live at most this long even when no notification came. */
const MAX_AGE_MS = 60_000;

interface Cached<T> {
  value: Promise<T>;
  at: number;
  generation: number;
}

export class RegistryState {
  private release: Cached<LiveRelease | null> | null = null;
  private sanctions: Cached<boolean> | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(REGISTRY_CHANNEL, () => this.invalidate());
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
  }

  invalidate(): void {
    this.release = null;
    this.sanctions = null;
  }

  private fresh<T>(cached: Cached<T> | null): cached is Cached<T> {
    const { up, generation } = this.database.listenerState();
    return cached !== null && up && this.unlisten !== null && cached.generation === generation && Date.now() - cached.at < MAX_AGE_MS;
  }

  private cache<T>(read: () => Promise<T>): Cached<T> {
    const entry: Cached<T> = { value: read(), at: Date.now(), generation: this.database.listenerState().generation };
    entry.value.catch(() => {
      if (this.release === (entry as unknown)) this.release = null;
      if (this.sanctions === (entry as unknown)) this.sanctions = null;
    });
    return entry;
  }

  live(): Promise<LiveRelease | null> {
    if (!this.fresh(this.release)) {
      this.release = this.cache(async () => {
        const { rows } = await this.database.query(`select release, schema_name, live_at from registry_releases where state = 'live'`);
        const row = rows[0];
        return row
          ? { release: String(row.release), schema: String(row.schema_name), liveAt: new Date(row.live_at as string).toISOString() }
          : null;
      });
    }
    return this.release.value;
  }

  sanctionsLoaded(): Promise<boolean> {
    if (!this.fresh(this.sanctions)) {
      this.sanctions = this.cache(async () => {
        const { rows } = await this.database.query(`select exists (select 1 from sanction_imports) as loaded`);
        return rows[0]?.loaded === true;
      });
    }
    return this.sanctions.value;
  }
}
