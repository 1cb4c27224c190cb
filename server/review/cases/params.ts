// A case's id in a review route's path (/api/review/v1/cases/{id}/…), shared by the rooms that
// register routes under it (server/decisions/routes.ts).
import { z } from "zod";
import { ApiError } from "../../http/errors";
import { UUID } from "./queries";

export const CaseIdParams = z.object({ id: z.string().max(100) });

/** The id lower-cased; one that is not a UUID names no case (404). */
export function caseId(id: string): string {
  if (!UUID.test(id)) throw new ApiError("not_found", "case not found");
  return id.toLowerCase();
}
