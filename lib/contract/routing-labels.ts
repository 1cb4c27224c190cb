// pt-BR words of a routing rule's conditions (docs/routing.md) for the console's editor: the rule
// set's recommendations. Plain constants: the console's browser code imports this file (routing.ts
// brings zod). The risk flags' words are review-labels.ts's, the profiles' labels.ts's.
import type { RoutingConditions } from "./routing";

export type RoutingRecommendation = NonNullable<RoutingConditions["recommendations"]>[number];

/** In the order the editor offers them (ROUTING_RECOMMENDATIONS). */
export const RECOMMENDATION_LABELS: Readonly<Record<RoutingRecommendation, string>> = {
  APPROVE: "Aprovar",
  REVIEW: "Revisar",
  REPROVE: "Reprovar",
};
