// Owners register their hooks once at start (server/services.ts); the engine calls them by name.
import type { Owner, OwnerHooks } from "./types";

const registry = new Map<Owner, OwnerHooks>();

export function registerOwner(owner: Owner, hooks: OwnerHooks): void {
  registry.set(owner, hooks);
}

export function hooksFor(owner: string): OwnerHooks {
  const hooks = registry.get(owner as Owner);
  if (!hooks) throw new Error(`No hooks registered for owner ${owner}`);
  return hooks;
}
