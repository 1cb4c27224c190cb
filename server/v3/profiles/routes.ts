// GET /api/v3/profiles – active profiles of the workspace and global ones (?kind=enrichment|verification), not paginated
// GET /api/v3/profiles/:id – one profile; unknown, inactive or another workspace's gives 404 profile_not_found
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { findProfile, listProfiles } from "../../profiles/find-profile";
import { Profile, ProfileList, PROFILE_KINDS, V3ErrorBody } from "../../../lib/contract";
import { toProfileResource } from "./serialize";

const tags = ["v3 profiles"];

/**
 * Decision: the spec has no code for a bad `kind` or an unknown parameter; both are
 * 400 invalid_body, like any other malformed request.
 */
const ListProfilesQuery = z.strictObject({ kind: z.enum(PROFILE_KINDS).optional() });
const ProfileIdParams = z.object({ id: z.string() });

export function registerProfileRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/v3/profiles",
    permission: "profiles:read",
    tags,
    summary: "List active profiles",
    query: ListProfilesQuery,
    response: { 200: ProfileList, 400: V3ErrorBody },
    handler: async ({ query, caller }) => {
      const rows = await listProfiles(s.db, caller.workspaceId, query.kind);
      return { items: rows.map(toProfileResource) };
    },
  });

  route(app, {
    method: "GET",
    url: "/api/v3/profiles/:id",
    permission: "profiles:read",
    tags,
    summary: "Get a profile",
    params: ProfileIdParams,
    response: { 200: Profile, 400: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, caller }) => {
      const row = await findProfile(s.db, caller.workspaceId, params.id);
      if (!row) throw new ApiError("profile_not_found", "Profile not found, inactive or not available to this workspace");
      return toProfileResource(row);
    },
  });
}
