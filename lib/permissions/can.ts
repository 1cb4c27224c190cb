import type { Role } from "@/lib/api/types";

// What each role may do in the console, as the service grants it (server/auth/permissions.ts).
// The console hides what the role lacks; the service refuses it anyway.

export type ConsoleAction = "decide" | "blacklist:write" | "ai:generate" | "documents:images" | "enrichments:write";

const ACTIONS: Record<Role, readonly ConsoleAction[]> = {
  admin: ["decide", "blacklist:write", "ai:generate", "documents:images", "enrichments:write"],
  analyst: ["decide", "blacklist:write", "ai:generate", "documents:images", "enrichments:write"],
  viewer: [],
  integration: ["ai:generate", "enrichments:write"],
};

export function can(role: Role | null | undefined, action: ConsoleAction): boolean {
  return role ? (ACTIONS[role]?.includes(action) ?? false) : false;
}
