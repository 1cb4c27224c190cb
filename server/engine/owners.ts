// The hooks of a collection's owner, from the owners the workers were started with.
import type { OwnerHooks, Owners } from "./types";

export function hooksFor(owners: Owners, owner: string): OwnerHooks<unknown> {
  if (!Object.hasOwn(owners, owner)) throw new Error(`No hooks given for owner ${owner.slice(0, 40)}`);
  return owners[owner as keyof Owners];
}
