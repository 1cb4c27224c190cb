"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { TeamReview } from "@/lib/review/types";

// The team features of this console session (lib/review/team-review.ts), for client components:
// null against a deployment without the review API, where they stay hidden.

const TeamReviewContext = createContext<TeamReview | null>(null);

export function TeamReviewProvider({ value, children }: { value: TeamReview | null; children: ReactNode }) {
  return <TeamReviewContext.Provider value={value}>{children}</TeamReviewContext.Provider>;
}

/** The team features, or null when the API has none. */
export function useTeamReview(): TeamReview | null {
  return useContext(TeamReviewContext);
}

/** Whether the review API offers this feature (and so the console shows it). */
export function useTeamFeature(feature: string): boolean {
  return useContext(TeamReviewContext)?.features.includes(feature) ?? false;
}
