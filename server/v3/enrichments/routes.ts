// POST /api/v3/enrichments – create an enrichment; waits up to 25 s: 200 with data, else 202 + Retry-After
// GET  /api/v3/enrichments – list the workspace's enrichments, newest first, keyset-paginated
// GET  /api/v3/enrichments/:id – one enrichment (module states; data with ?include=)
// GET  /api/v3/enrichments/:id/modules/:module – one module's data alone
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { caller } from "../../http/auth";
import { ApiError } from "../../http/errors";
import { jsonSchema } from "../../http/validate";
import { parseAllowList, type AllowList } from "../../callbacks/destination";
import { MODULE_NAMES } from "../../datasets/types";
import { encodeCursor } from "../cursor";
import { createEnrichment } from "./create";
import { parseListQuery } from "./list-query";
import { listEnrichments, loadView } from "./queries";
import { CreateEnrichmentBody, parseCreateBody, parseIdempotencyKey } from "./schemas";
import { retryAfterOf, toResource, toSummary, type DataSelection } from "./serialize";

const tags = ["v3 enrichments"];
const ErrorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const Enrichment = z.object({ id: z.string(), status: z.string() }).loose();
const IdParams = z.object({ id: z.string() });

/**
 * `include`: "data" (every completed module) or a comma-separated list of module names (only
 * those, when completed). Decision: a name that is not a module at all is 400 invalid_body; a
 * module outside the plan or not completed yet is simply absent from `data`.
 */
export function parseInclude(value: unknown): DataSelection {
  if (value === undefined) return null;
  if (typeof value !== "string") throw new ApiError("invalid_body", "include must be given once");
  const names = value.split(",").map((n) => n.trim());
  if (names.some((n) => n === "")) throw new ApiError("invalid_body", "include must be data or a comma-separated list of module names");
  if (names.includes("data")) return "all";
  const unknown = names.filter((n) => !(MODULE_NAMES as readonly string[]).includes(n));
  if (unknown.length > 0) throw new ApiError("invalid_body", `include names unknown module(s): ${unknown.slice(0, 5).map((n) => n.slice(0, 40)).join(", ")}`);
  return [...new Set(names)];
}

function onlyKnown(query: unknown, known: string[]): Record<string, unknown> {
  const q = (query ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(q).filter((k) => !known.includes(k));
  if (unknown.length > 0) throw new ApiError("invalid_body", `Unknown query parameter(s): ${unknown.slice(0, 5).map((k) => k.slice(0, 40)).join(", ")}`);
  return q;
}

export function registerEnrichmentRoutes(app: FastifyInstance, s: Services): void {
  let allowList: AllowList | null = null;
  const callbackAllowList = () => (allowList ??= parseAllowList(s.config.callbackAllowList));

  app.post("/api/v3/enrichments", {
    config: { permission: "enrichments:write" },
    schema: {
      tags, summary: "Create an enrichment (waits up to 25 s for a terminal status)",
      body: jsonSchema(CreateEnrichmentBody),
      headers: { type: "object", properties: { "idempotency-key": { type: "string", maxLength: 255 } } },
      response: { 200: jsonSchema(Enrichment), 202: jsonSchema(z.object({ id: z.string(), status: z.string() })), 400: jsonSchema(ErrorBody) },
    },
  }, async (request, reply) => {
    const input = parseCreateBody(request.body, callbackAllowList());
    const key = parseIdempotencyKey(request.headers["idempotency-key"]);
    const result = await createEnrichment(s, caller(request), input, key, reply);
    for (const [name, value] of Object.entries(result.headers)) reply.header(name, value);
    return reply.status(result.status).send(result.body);
  });

  app.get("/api/v3/enrichments", {
    config: { permission: "enrichments:read" },
    schema: { tags, summary: "List enrichments (newest first; cursor, limit, from, to, document, profileId, entity, batchId, lane)", response: { 200: jsonSchema(z.object({ items: z.array(Enrichment), nextCursor: z.string().nullable() })) } },
  }, async (request) => {
    const q = parseListQuery(request.query, s.config.cursorSecret);
    const { rows, more } = await listEnrichments(s.db, caller(request).workspaceId, q.filters, q.limit, q.after);
    const last = rows[rows.length - 1];
    return {
      items: rows.map((r) => toSummary(r.enrichment, r.collection)),
      nextCursor: more && last ? encodeCursor({ createdAt: new Date(Number(last.createdMs)), id: last.enrichment.id }, s.config.cursorSecret) : null,
    };
  });

  app.get("/api/v3/enrichments/:id", {
    config: { permission: "enrichments:read" },
    schema: { tags, summary: "Get an enrichment (include=data or include=<module>,<module>)", params: jsonSchema(IdParams), response: { 200: jsonSchema(Enrichment), 404: jsonSchema(ErrorBody) } },
  }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const include = parseInclude(onlyKnown(request.query, ["include"]).include);
    const view = await loadView(s.db, caller(request).workspaceId, id);
    if (!view) throw new ApiError("not_found", "enrichment not found");
    const retryAfter = retryAfterOf(view.collection, s.config.schedules.retryAfterSeconds);
    if (retryAfter !== null) reply.header("Retry-After", String(retryAfter));
    return toResource(view, include);
  });

  app.get("/api/v3/enrichments/:id/modules/:module", {
    config: { permission: "enrichments:read" },
    schema: { tags, summary: "Get one module's data", params: jsonSchema(z.object({ id: z.string(), module: z.string() })), response: { 200: jsonSchema(z.object({}).loose()), 404: jsonSchema(ErrorBody), 409: jsonSchema(ErrorBody) } },
  }, async (request) => {
    const { id, module } = request.params as { id: string; module: string };
    onlyKnown(request.query, []);
    const view = await loadView(s.db, caller(request).workspaceId, id);
    if (!view) throw new ApiError("not_found", "enrichment not found");
    const run = view.modules.find((m) => m.module === module);
    if (!run) throw new ApiError("module_not_found", "Module is not in this enrichment's plan");
    if (run.status !== "ok" || !run.data) {
      const retryAfter = retryAfterOf(view.collection, s.config.schedules.retryAfterSeconds);
      throw new ApiError("module_not_ready", `Module is ${run.status}, not completed`, retryAfter === null ? {} : { "Retry-After": String(retryAfter) });
    }
    return run.data;
  });
}
