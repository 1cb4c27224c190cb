import "server-only";
import { listProfiles } from "@/lib/api/enrichments";
import { getAccessToken } from "@/lib/auth/access-token";
import type { ApiProfile } from "./api-types";

/** The workspace's enrichment profiles for the pages' selects (empty when they cannot be read). */
export async function loadProfiles(): Promise<ApiProfile[]> {
  const token = await getAccessToken();
  if (!token) return [];
  try {
    return (await listProfiles(token, "enrichment")).items;
  } catch {
    return [];
  }
}
