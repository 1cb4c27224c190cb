import "server-only";
import { listProfiles } from "@/lib/api/enrichments";
import { getAccessToken } from "@/lib/auth/access-token";
import type { ApiProfile } from "./api-types";

/**
 * The workspace's profiles for the pages' selects (empty when they cannot be read): enrichment
 * profiles by default; the verification (scoring) ones for the routing rules' "Perfil".
 */
export async function loadProfiles(kind: "enrichment" | "verification" = "enrichment"): Promise<ApiProfile[]> {
  const token = await getAccessToken();
  if (!token) return [];
  try {
    return (await listProfiles(token, kind)).items;
  } catch {
    return [];
  }
}
