// The job queue: pg-boss on PostgreSQL or PGlite. pg-boss polls (every 2 s by default); to start
// work within milliseconds, every send also wakes the workers of that queue: directly in this
// process, and through NOTIFY for worker processes elsewhere (PostgreSQL mode).
//
// Background work (issue 28, item 7): jobs sent inside `inBackground` (the demo seed's) carry a
// lower pg-boss priority and `background: true`, so a worker fetches a person's jobs first; the
// workers run them in the background context too (server/engine/workers.ts), so the jobs they send
// in turn (a recovery round) stay background, and they give way to the user's own work.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import PgBoss from "pg-boss";
import type { Database } from "../db/client";
import type { Logger } from "../support/logger";

export const QUEUES = {
  interactive: "collect-interactive",
  batch: "collect-batch",
  callback: "callback-deliver",
  /** Rule set backtests (server/rules/backtest-worker.ts): one at a time per worker process. */
  backtest: "rules-backtest",
  /** Monitoring runs (server/monitoring/runs.ts): one at a time per worker process. */
  monitoring: "monitoring-run",
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

const WAKE_CHANNEL = "lupa_jobs";

/** Background ids a queue remembers (see JobQueue.backgroundIds): the demo sends about seventy. */
const BACKGROUND_IDS_KEPT = 10_000;

/** pg-boss fetches higher priorities first (default 0): background jobs come after every other. */
export const BACKGROUND_PRIORITY = -1;
const background = new AsyncLocalStorage<true>();

/** Runs `fn` as background work: the jobs it sends (awaited or not) are background jobs. */
export function inBackground<T>(fn: () => T): T {
  return background.run(true, fn);
}

/** Whether the caller runs as background work. */
export function isBackground(): boolean {
  return background.getStore() === true;
}

/** Whether a job was sent as background work (its payload says so). */
export function isBackgroundJob(data: Record<string, unknown>): boolean {
  return data.background === true;
}

export interface SendOptions {
  startAfter?: Date;
}

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;
/** The jobs of one fetch, together. */
export type GroupHandler = (data: Record<string, unknown>[]) => Promise<void>;

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly workerIds = new Map<string, string[]>();
  /** Workers not running a job now: a wake-up goes to these only, one per job sent. */
  private readonly idle = new Set<string>();
  /** This queue's own wake-ups come back through LISTEN: they carry this token and are skipped. */
  private readonly token = randomBytes(6).toString("hex");
  private unlisten: (() => Promise<void>) | null = null;
  private started = false;
  /** After close(), or a settled() that handlers outlived: pg-boss's late statements are dropped, late fetches not run (see the constructor). */
  private detached = false;
  /** The fetches whose handlers run now (see stop). */
  private readonly running = new Set<Promise<void>>();
  /** Jobs sent by this process per queue that were not background work (see userJobsSent). */
  private readonly userSent = new Map<string, number>();
  /**
   * The ids (the payload's `id`: a collection's) sent as background work by this process, the
   * latest BACKGROUND_IDS_KEPT: a job sent again for one of them outside the background context
   * (the sweeper's re-send of a job waiting longer than a minute, a takeover) stays background.
   */
  private readonly backgroundIds = new Set<string>();

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {
    // pg-boss runs its SQL through our connection (PGlite has only one; on PostgreSQL it shares the pool)
    // Once the queue is closed, or settled() has given up on the handlers still running, the
    // database is about to close: what pg-boss sends afterwards (a completion or a failure, not
    // awaited by pg-boss) would be an unhandled rejection ("Cannot use a pool after calling end
    // on the pool"). It is dropped instead (a statement that never answers: pg-boss reads the
    // answer's rows): pg-boss marked the jobs still running failed when it stopped, and the runs
    // hand their collections back (server/start.ts), so another worker resumes them.
    const executeSql: typeof database.executeSql = (text, values) =>
      this.detached ? new Promise<never>(() => {}) : database.executeSql(text, values);
    this.boss = new PgBoss({ schema: "pgboss", supervise: true, schedule: false, migrate: true, db: { executeSql } });
    this.boss.on("error", (error) => this.log.error({ err: error }, "job queue error"));
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.detached = false;
    await this.boss.start();
    for (const name of Object.values(QUEUES)) {
      // retries are ours (domain state); a failed handler is retried by pg-boss a few times
      await this.boss.createQueue(name, { name, retryLimit: 5, retryDelay: 1, retryBackoff: true, expireInSeconds: 15 * 60 });
    }
    this.started = true;
  }

  /** Whether jobs for these payloads go as background work, remembering their ids when they do. */
  private background(items: Record<string, unknown>[]): boolean {
    const ids = items.map((data) => (typeof data.id === "string" ? data.id : null));
    const bg = isBackground() || (ids.length > 0 && ids.every((id) => id !== null && this.backgroundIds.has(id)));
    if (bg)
      for (const id of ids) {
        if (id === null) continue;
        this.backgroundIds.delete(id);
        this.backgroundIds.add(id);
        if (this.backgroundIds.size > BACKGROUND_IDS_KEPT) this.backgroundIds.delete(this.backgroundIds.values().next().value!);
      }
    return bg;
  }

  async send(queue: QueueName, data: Record<string, unknown>, options: SendOptions = {}): Promise<void> {
    const bg = this.background([data]);
    const sendOptions = {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(bg ? { priority: BACKGROUND_PRIORITY } : {}),
    };
    await this.boss.send(queue, bg ? { ...data, background: true } : data, sendOptions);
    if (!bg) this.countUserJobs(queue, 1);
    if (!options.startAfter || options.startAfter.getTime() <= Date.now()) await this.wake(queue, 1);
  }

  /** Sends many jobs in one statement and wakes the workers once (a batch's first jobs). */
  async sendMany(queue: QueueName, items: Record<string, unknown>[]): Promise<void> {
    if (items.length === 0) return;
    const bg = this.background(items);
    await this.boss.insert(
      items.map((data) =>
        bg ? { name: queue, data: { ...data, background: true }, priority: BACKGROUND_PRIORITY } : { name: queue, data },
      ),
    );
    if (!bg) this.countUserJobs(queue, items.length);
    await this.wake(queue, items.length);
  }

  private countUserJobs(queue: QueueName, n: number): void {
    this.userSent.set(queue, (this.userSent.get(queue) ?? 0) + n);
  }

  /**
   * How many jobs that are not background work this process has sent to `queue` so far: a worker
   * running background jobs compares it with the figure at its fetch, and gives way when it grew
   * (server/engine/workers.ts). This process's sends only: the demo seeds the embedded database,
   * where one process runs the API and the workers.
   */
  userJobsSent(queue: QueueName): number {
    return this.userSent.get(queue) ?? 0;
  }

  /**
   * Registers `concurrency` workers for the queue and listens for wake-ups from other processes.
   * `batchSize`: jobs a worker fetches at once and runs one after the other; pg-boss completes them
   * together when the last one ends (one fetch and one completion for them all, instead of one
   * each). A job fetched but not run when its process dies is not lost: the sweeper sends its
   * collection again (findLostWork), and pg-boss retries it once its active time expires.
   */
  async work(queue: QueueName, concurrency: number, handler: JobHandler, batchSize = 1): Promise<void> {
    await this.register(queue, concurrency, batchSize, async (jobs) => {
      // a job that throws does not keep the others of its fetch from running; pg-boss then
      // retries them all (a run is idempotent: a finished collection is not claimed again)
      let failure: unknown = null;
      for (const data of jobs) await handler(data).catch((error: unknown) => void (failure ??= error));
      if (failure) throw failure;
    });
  }

  /**
   * As `work`, but each worker hands the jobs of one fetch (up to `batchSize`) to `handler` together
   * (the batch lane runs them as one group: server/engine/group.ts). When it throws, pg-boss
   * retries them all.
   */
  async workGroups(queue: QueueName, concurrency: number, handler: GroupHandler, batchSize: number): Promise<void> {
    await this.register(queue, concurrency, batchSize, handler);
  }

  private async register(queue: QueueName, concurrency: number, batchSize: number, runJobs: GroupHandler): Promise<void> {
    const ids: string[] = [];
    for (let i = 0; i < concurrency; i++) {
      const self = { id: "" };
      const id = await this.boss.work<Record<string, unknown>>(queue, { batchSize, pollingIntervalSeconds: 1 }, async (jobs) => {
        // fetched after the queue closed: not run here; pg-boss hands the jobs out again once
        // their active time expires, and the sweeper sends their collections again before that
        if (this.detached) return new Promise<never>(() => {});
        this.idle.delete(self.id);
        const run = runJobs(jobs.map((job) => job.data));
        const tracked = run.then(
          () => {},
          () => {},
        );
        this.running.add(tracked);
        try {
          await run;
        } finally {
          this.running.delete(tracked);
          this.idle.add(self.id);
          // pg-boss sleeps its polling interval after every fetch; a worker that just had work
          // fetches again at once and sleeps only when the queue is empty
          if (jobs.length > 0 && self.id) this.boss.notifyWorker(self.id);
        }
      });
      self.id = id;
      this.idle.add(id);
      ids.push(id);
    }
    this.workerIds.set(queue, [...(this.workerIds.get(queue) ?? []), ...ids]);
    if (!this.unlisten && this.database.kind === "postgres") {
      this.unlisten = await this.database.listen(WAKE_CHANNEL, (payload) => {
        const [name = "", count, from] = payload.split("|");
        if (from !== this.token) this.wakeLocal(name, Number(count) || 1);
      });
    }
  }

  /**
   * Wakes as many idle workers of the queue as jobs were sent, not all of them: waking every
   * worker for each job made each enrichment cost about twenty empty fetches (measured: 21.6 of
   * its 55 statements). A busy worker fetches again by itself when its job is done.
   */
  private wakeLocal(queue: string, jobs: number): void {
    let left = jobs;
    for (const id of this.workerIds.get(queue) ?? []) {
      if (left <= 0) break;
      if (!this.idle.has(id)) continue;
      this.boss.notifyWorker(id);
      left--;
    }
  }

  private async wake(queue: QueueName, jobs: number): Promise<void> {
    this.wakeLocal(queue, jobs);
    if (this.database.kind === "postgres")
      await this.database.query("select pg_notify($1, $2)", [WAKE_CHANNEL, `${queue}|${jobs}|${this.token}`]);
  }

  /**
   * Takes no new jobs and lets the running ones finish for up to 10 s; pg-boss then marks those
   * still running as failed (retried later). Their handlers go on in this process: call
   * `settled()` after stopping them, before the database closes.
   */
  async stop(): Promise<void> {
    if (this.unlisten) await this.unlisten();
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    this.started = false;
  }

  /**
   * Waits up to `timeoutMs` for the handlers still running to return, then one turn of the event
   * loop: pg-boss sends a job's completion without awaiting it, right after its handler returns,
   * and a completion sent once the database closed was an unhandled rejection.
   */
  async settled(timeoutMs: number): Promise<void> {
    if (this.running.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(this.running), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
    }
    await new Promise((resolve) => setImmediate(resolve));
    // handlers still running past the wait: what pg-boss sends for them later is dropped
    if (!this.started && this.running.size > 0) this.detached = true;
  }

  /**
   * The end of the queue, before the database closes: stops, settles, and from then on drops
   * whatever pg-boss still sends, such as a worker's fetch under way when it stopped (pg-boss
   * runs what it fetched without looking at its stop flag: its completion came after the close).
   * A queue only stopped (stop and settled) can still send, as a process's API does while its
   * workers stop.
   */
  async close(): Promise<void> {
    await this.stop();
    await this.settled(5_000);
    this.detached = true;
  }
}
