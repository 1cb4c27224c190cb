// The owners of collections and their hooks, given to the engine's workers when they start
// (startWorkers), as a job runner is given its task list.
import type { Owners } from "./engine/types";
import { verificationHooks } from "./v2/verifications/hooks";
import { enrichmentHooks } from "./v3/enrichments/hooks";

export const OWNERS: Owners = { verification: verificationHooks, enrichment: enrichmentHooks };
