// The closed sets of values the service answers and the console reads (spec sections 3, 2.5).
// Service code imports them from here; the console's browser code imports the plain lists from
// ./enum-values (the same constants, re-exported here), which keeps zod out of its bundles.
import { z } from "zod";
import {
  V2_STATUSES,
  FEEDBACK_STATUSES,
  ROLES,
  V3_STATUSES,
  MODULE_STATES,
  LANES,
  OUTCOMES,
  ENTITIES,
  MODULE_NAMES,
  PROFILE_KINDS,
} from "./enum-values";

export { V2_STATUSES, FEEDBACK_STATUSES, ROLES, V3_STATUSES, MODULE_STATES, LANES, OUTCOMES, ENTITIES, MODULE_NAMES, PROFILE_KINDS };

/** v2 verification statuses (spec 3). */
export const V2Status = z.enum(V2_STATUSES);
export type V2Status = z.infer<typeof V2Status>;

/** v2 feedback statuses; NOTSTARTED only as a filter meaning "no feedback yet" (spec 3). */
export const FeedbackStatus = z.enum(FEEDBACK_STATUSES);
export type FeedbackStatus = z.infer<typeof FeedbackStatus>;

/** Roles of a workspace's users (docs/decisions.md, "Roles"). */
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** v3 enrichment statuses (spec 3.3). */
export const V3Status = z.enum(V3_STATUSES);
export type V3Status = z.infer<typeof V3Status>;

/** States of one module of a collection (spec 3.4). */
export const ModuleState = z.enum(MODULE_STATES);
export type ModuleState = z.infer<typeof ModuleState>;

/** Work queues: unit creation (interactive) and batch items (batch). */
export const Lane = z.enum(LANES);
export type Lane = z.infer<typeof Lane>;

/** A completed enrichment's outcome. */
export const Outcome = z.enum(OUTCOMES);
export type Outcome = z.infer<typeof Outcome>;

export const Entity = z.enum(ENTITIES);
export type Entity = z.infer<typeof Entity>;

/** Dataset modules (spec 2.5a). */
// biometrics: the reference photo of v2 face recognition (server/vision)
export const ModuleName = z.enum(MODULE_NAMES);
export type ModuleName = z.infer<typeof ModuleName>;

/** Profile kinds (spec 2.5b). */
export const ProfileKind = z.enum(PROFILE_KINDS);
export type ProfileKind = z.infer<typeof ProfileKind>;
