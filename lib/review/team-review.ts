import "server-only";
import { cache } from "react";
import { getAccessToken } from "@/lib/auth/access-token";
import { getCapabilities } from "@/lib/api/review";
import type { TeamReview } from "./types";

/**
 * For server components: the team features this analyst may see and use, once per request; null
 * when the API has none (a deployment of the bare interface), so pages render as before.
 */
export const getTeamReview = cache(async (): Promise<TeamReview | null> => {
  const token = await getAccessToken();
  if (!token) return null;
  const capabilities = await getCapabilities(token);
  if (!capabilities) return null;
  return { features: capabilities.features, canAct: capabilities.canAct, canAdminister: capabilities.canAdminister };
});
