// Terminal events: the engine NOTIFYs `lupa_terminal` with the collection id in the transaction
// that makes it terminal; a waiting request (v3 synchronous wait) is woken within milliseconds.
// One LISTEN per process, fanned out to the local waiters. While the listening connection is
// down (a database restart) waiters poll the state instead, and check once more when it comes
// back, so no wait hangs on a notification that was lost.
import type { Database } from "../db/client";

export const TERMINAL_CHANNEL = "lupa_terminal";

export class TerminalEvents {
  private readonly waiters = new Map<string, Set<() => void>>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten ??= await this.database.listen(TERMINAL_CHANNEL, (id) => this.fire(id));
  }

  private fire(id: string): void {
    for (const wake of this.waiters.get(id) ?? []) wake();
  }

  /**
   * Resolves true when `id` becomes terminal, false after `timeoutMs` or when `signal` aborts.
   * Subscribe BEFORE reading the current status, then call `check` (see waitForTerminal).
   */
  subscribe(id: string): { promise: (timeoutMs: number) => Promise<boolean>; cancel: () => void } {
    let set = this.waiters.get(id);
    if (!set) this.waiters.set(id, (set = new Set()));
    let wake: () => void = () => {};
    const fired = new Promise<void>((resolve) => (wake = resolve));
    set.add(wake);
    const cancel = () => {
      set!.delete(wake);
      if (set!.size === 0) this.waiters.delete(id);
    };
    return {
      promise: async (timeoutMs) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
        try {
          return await Promise.race([fired.then(() => true), timeout]);
        } finally {
          clearTimeout(timer);
          cancel();
        }
      },
      cancel,
    };
  }

  /**
   * Waits up to timeoutMs for a terminal state; `isTerminal` reads the current state. Woken by the
   * event; polled every POLL_MS while notifications do not arrive (listener down or reconnected).
   */
  async waitForTerminal(id: string, timeoutMs: number, isTerminal: () => Promise<boolean>): Promise<boolean> {
    let set = this.waiters.get(id);
    if (!set) this.waiters.set(id, (set = new Set()));
    let fired = false;
    let wake: () => void = () => {};
    const wakeUp = () => {
      fired = true;
      wake();
    };
    set.add(wakeUp);
    const deadline = Date.now() + timeoutMs;
    let seen = this.database.listenerState().generation;
    try {
      if (await isTerminal()) return true;
      while (!fired) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        const state = this.database.listenerState();
        const blind = !state.up || state.generation !== seen;
        seen = state.generation;
        if (blind) {
          // notifications may have been lost: read the state, then look again shortly
          if (await this.readSafely(isTerminal)) return true;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, TerminalEvents.POLL_MS));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      return true;
    } finally {
      set.delete(wakeUp);
      if (set.size === 0) this.waiters.delete(id);
    }
  }

  static readonly POLL_MS = 500;

  private async readSafely(isTerminal: () => Promise<boolean>): Promise<boolean> {
    try {
      return await isTerminal();
    } catch {
      return false; // the database itself is down: try again on the next tick
    }
  }

  async stop(): Promise<void> {
    if (this.unlisten) await this.unlisten();
    this.unlisten = null;
  }
}
