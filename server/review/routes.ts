// The review API (/api/review/v1; issues 18 and 19; docs/decisions.md "Review API"): team work
// beyond the interface, with the v3 error envelope. Roles: admin and analyst act (review:write),
// viewer reads (review:read), admins administer (review:admin); integration is refused (403).
// The resources below are the review's own; a capability with a room of its own (server/rooms.ts)
// registers its review routes itself, handed in here.
import type { FastifyInstance } from "fastify";
import type { Services } from "../context";
import { registerSettingsRoutes } from "./settings/routes";
import { registerCaseRoutes } from "./cases/routes";
import { registerViewRoutes } from "./views/routes";
import { registerNoteRoutes } from "./notes/routes";
import { registerRevealRoutes } from "./reveal/routes";
import { registerAuditRoutes } from "./audit/routes";
import { registerSummaryRoutes } from "./summary/routes";
import { registerRestrictiveListRoutes } from "./restrictive-list/routes";
import { registerUsageRoutes } from "./usage/routes";
import { registerMemberRoutes } from "./members/routes";
import { registerSourceRoutes } from "./sources/routes";
import { registerBatchRoutes } from "./batches/routes";
import { registerHolderRoutes } from "./holders/routes";

/** A room's review routes (server/<capability>/routes.ts), registered under /api/review/v1. */
export type ReviewRoutes = (app: FastifyInstance, s: Services) => void;

export function registerReviewRoutes(app: FastifyInstance, s: Services, rooms: readonly ReviewRoutes[]): void {
  registerSettingsRoutes(app, s);
  registerCaseRoutes(app, s);
  registerViewRoutes(app, s);
  registerNoteRoutes(app, s);
  registerRevealRoutes(app, s);
  registerAuditRoutes(app, s);
  registerSummaryRoutes(app, s);
  registerRestrictiveListRoutes(app, s);
  registerUsageRoutes(app, s);
  registerMemberRoutes(app, s);
  registerSourceRoutes(app, s);
  registerBatchRoutes(app, s);
  registerHolderRoutes(app, s);
  for (const registerRoom of rooms) registerRoom(app, s);
}
