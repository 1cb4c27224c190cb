import "server-only";
import { readAccessTokenClaims } from "@/lib/api/access-token-claims";
import { bffError } from "./errors";

// Routes that name the workspace (the v2 restrictive list takes `workspaceId`) use the signed-in
// analyst's own: the `wid` claim of the session's access token. The API checks it again.

export function workspaceIdOf(token: string): string | null {
  return readAccessTokenClaims(token).wid ?? null;
}

export function noWorkspace() {
  return bffError(403, "no_workspace", "Sua sessão não está ligada a um workspace. Entre novamente.");
}
