// The v2 routes of issue 7 beyond creation and reads: feedback, restrictive list, batch.
import type { FastifyInstance } from "fastify";
import type { Services } from "../context";
import { registerFeedbackRoutes } from "./feedback/routes";

export function registerV2ReviewRoutes(app: FastifyInstance, s: Services): void {
  registerFeedbackRoutes(app, s);
}
