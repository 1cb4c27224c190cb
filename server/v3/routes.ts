// v3 routes: enrichments, profiles, callback secret, usage; the lawsuit network and batch creation.
import type { FastifyInstance } from "fastify";
import type { Services } from "../context";
import { registerEnrichmentRoutes } from "./enrichments/routes";
import { registerProfileRoutes } from "./profiles/routes";
import { registerCallbackSecretRoute } from "./callback-secret";
import { registerUsageRoute } from "./billing/routes";
import { registerNetworkRoutes } from "./network/routes";
import { registerBatchRoutes } from "./batch/routes";

export function registerV3Routes(app: FastifyInstance, s: Services): void {
  registerEnrichmentRoutes(app, s);
  registerProfileRoutes(app, s);
  registerCallbackSecretRoute(app, s);
  registerUsageRoute(app, s);
  registerNetworkRoutes(app, s);
  registerBatchRoutes(app, s);
}
