"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { Role } from "@/lib/api/types";
import { can, type ConsoleAction } from "@/lib/permissions/can";

const RoleContext = createContext<Role | null>(null);

export function RoleProvider({ role, children }: { role: Role | null; children: ReactNode }) {
  return <RoleContext.Provider value={role}>{children}</RoleContext.Provider>;
}

/** Whether the signed-in role may do this (the UI hides what it may not). */
export function useCan(action: ConsoleAction): boolean {
  return can(useContext(RoleContext), action);
}
