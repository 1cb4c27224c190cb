// GET /api/v3/profiles – active profiles of the workspace and global ones (?kind=enrichment|verification), not paginated
// GET /api/v3/profiles/:id – one profile; unknown, inactive or another workspace's gives 404 profile_not_found
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { caller } from "../../http/auth";
import { ApiError } from "../../http/errors";
import { jsonSchema } from "../../http/validate";
import { findProfile, listProfiles } from "../../profiles/find-profile";
import { toProfileResource } from "./serialize";

const tags = ["v3 profiles"];
const KINDS = ["enrichment", "verification"];
const Profile = z.object({ profile: z.object({ id: z.string(), name: z.string(), kind: z.string() }), entity: z.string(), modules: z.record(z.string(), z.object({ dataset: z.string() })) });
const ErrorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/**
 * Decision: the spec has no code for a bad `kind` or an unknown parameter; both are
 * 400 invalid_body, like any other malformed request.
 */
function parseKind(query: unknown): string | undefined {
  const q = (query ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(q).filter((k) => k !== "kind");
  if (unknown.length > 0) throw new ApiError("invalid_body", `Unknown query parameter(s): ${unknown.slice(0, 5).map((k) => k.slice(0, 40)).join(", ")}`);
  if (q.kind === undefined) return undefined;
  if (typeof q.kind !== "string" || !KINDS.includes(q.kind)) throw new ApiError("invalid_body", "kind must be enrichment or verification");
  return q.kind;
}

export function registerProfileRoutes(app: FastifyInstance, s: Services): void {
  app.get("/api/v3/profiles", {
    config: { permission: "profiles:read" },
    schema: { tags, summary: "List active profiles", querystring: { type: "object", properties: { kind: { type: "string", enum: KINDS } } }, response: { 200: jsonSchema(z.object({ items: z.array(Profile) })), 400: jsonSchema(ErrorBody) } },
  }, async (request) => {
    const kind = parseKind(request.query);
    const rows = await listProfiles(s.db, caller(request).workspaceId, kind);
    return { items: rows.map(toProfileResource) };
  });

  app.get("/api/v3/profiles/:id", {
    config: { permission: "profiles:read" },
    schema: { tags, summary: "Get a profile", params: jsonSchema(z.object({ id: z.string() })), response: { 200: jsonSchema(Profile), 404: jsonSchema(ErrorBody) } },
  }, async (request) => {
    const { id } = request.params as { id: string };
    const row = await findProfile(s.db, caller(request).workspaceId, id);
    if (!row) throw new ApiError("profile_not_found", "Profile not found, inactive or not available to this workspace");
    return toProfileResource(row);
  });
}
