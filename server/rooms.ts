// The capabilities with a room of their own (server/<capability>/: routes → domain → db;
// docs/architecture.md, "Rooms"), each registering its own review routes under /api/review/v1.
// buildApp hands them to registerReviewRoutes, as the workers are handed the owners (owners.ts).
import type { ReviewRoutes } from "./review/routes";
import { registerDecisionRoutes } from "./decisions/routes";
import { registerRuleRoutes } from "./rules/routes";
import { registerMonitoringRoutes } from "./monitoring/routes";
import { registerSsoRoutes } from "./sso/routes";
import { registerApiKeyRoutes } from "./apikeys/routes";
import { registerGraphRoutes } from "./graph/routes";
import { registerWebhookRoutes } from "./webhooks/routes";
import { registerMfaRoutes } from "./auth/mfa/routes";
import { registerRoutingRoutes } from "./routing/routes";

export const REVIEW_ROOMS: readonly ReviewRoutes[] = [
  registerDecisionRoutes,
  registerRuleRoutes,
  registerMonitoringRoutes,
  registerSsoRoutes,
  registerApiKeyRoutes, // api keys and sessions (issue 34)
  registerGraphRoutes,
  registerWebhookRoutes,
  registerMfaRoutes,
  registerRoutingRoutes,
];
