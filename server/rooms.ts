// The capabilities with a room of their own (server/<capability>/: routes → domain → db;
// docs/architecture.md, "Rooms"), each registering its own review routes under /api/review/v1.
// buildApp hands them to registerReviewRoutes, as the workers are handed the owners (owners.ts).
import type { ReviewRoutes } from "./review/routes";
import { registerDecisionRoutes } from "./decisions/routes";
import { registerRuleRoutes } from "./rules/routes";
import { registerMonitoringRoutes } from "./monitoring/routes";
import { registerRoutingRoutes } from "./routing/routes";

export const REVIEW_ROOMS: readonly ReviewRoutes[] = [
  registerDecisionRoutes,
  registerRuleRoutes,
  registerMonitoringRoutes,
  registerRoutingRoutes,
];
