"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { Role } from "@/lib/api/types";
import { can, type ConsoleAction } from "@/lib/permissions/can";

const RoleContext = createContext<Role | null>(null);
const UserContext = createContext<string | null>(null);

/** `user`: the signed-in e-mail, the key of what the console keeps per person in the browser (the triage mode). */
export function RoleProvider({ role, user = null, children }: { role: Role | null; user?: string | null; children: ReactNode }) {
  return (
    <RoleContext.Provider value={role}>
      <UserContext.Provider value={user}>{children}</UserContext.Provider>
    </RoleContext.Provider>
  );
}

/** The signed-in e-mail (null outside the console's pages). */
export function useSignedInUser(): string | null {
  return useContext(UserContext);
}

/** Whether the signed-in role may do this (the UI hides what it may not). */
export function useCan(action: ConsoleAction): boolean {
  return can(useContext(RoleContext), action);
}
