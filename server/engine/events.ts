// Terminal events: the engine NOTIFYs `lupa_terminal` with the collection id in the transaction
// that makes it terminal; a waiting request (v3 synchronous wait) is woken within milliseconds.
// One LISTEN per process, fanned out to the local waiters.
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

  /** Waits up to timeoutMs for a terminal state; `isTerminal` reads the current state once. */
  async waitForTerminal(id: string, timeoutMs: number, isTerminal: () => Promise<boolean>): Promise<boolean> {
    const subscription = this.subscribe(id);
    if (await isTerminal()) {
      subscription.cancel();
      return true;
    }
    return subscription.promise(timeoutMs);
  }

  async stop(): Promise<void> {
    if (this.unlisten) await this.unlisten();
    this.unlisten = null;
  }
}
