// What the engine's milestones mean for a v3 enrichment (billing, callbacks): see issue 3.
import type { OwnerHooks } from "../../engine/types";

export const enrichmentHooks: OwnerHooks = {
  async onTerminal() {},
};
