// Roles and what each may do. Every route names the permission it needs; a token whose role
// lacks it gets 403.
import { ROLES, type Role } from "../../lib/contract/enums";

export { ROLES, type Role };

export const PERMISSIONS = [
  "verifications:read",
  "verifications:write",
  "feedback:write",
  "blacklist:read",
  "blacklist:write",
  "enrichments:read",
  "enrichments:write",
  "profiles:read",
  "callback-secret:read",
  "billing:read",
  // the review API (/api/review/v1): viewers read, admins and analysts act, admins administer
  "review:read",
  "review:write",
  "review:admin",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ: Permission[] = ["verifications:read", "blacklist:read", "enrichments:read", "profiles:read"];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  analyst: [...READ, "verifications:write", "feedback:write", "blacklist:write", "enrichments:write", "review:read", "review:write"],
  viewer: [...READ, "review:read"],
  integration: [...READ, "verifications:write", "enrichments:write", "callback-secret:read"],
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
