// Enrichment ids: `enr_` + 24 lower-case hex characters (96 random bits). The collection of an
// enrichment has the same id. Anything else in a path is answered as not found without a query.
import { randomBytes } from "node:crypto";

export const ENRICHMENT_ID = /^enr_[0-9a-z]{24}$/;

export function newEnrichmentId(): string {
  return `enr_${randomBytes(12).toString("hex")}`;
}

export function isEnrichmentId(value: unknown): value is string {
  return typeof value === "string" && ENRICHMENT_ID.test(value);
}
