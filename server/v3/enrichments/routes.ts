// POST /api/v3/enrichments – create an enrichment; waits up to 25 s: 200 with data, else 202 + Retry-After
// GET  /api/v3/enrichments – list the workspace's enrichments, newest first, keyset-paginated
// GET  /api/v3/enrichments/:id – one enrichment (module states; data with ?include=)
// GET  /api/v3/enrichments/:id/modules/:module – one module's data alone
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { Enrichment, EnrichmentAccepted, EnrichmentList, LANES, ModuleData, V3ErrorBody } from "../../../lib/contract";
import { parseAllowList, type AllowList } from "../../callbacks/destination";
import { MODULE_NAMES } from "../../datasets/types";
import { encodeCursor } from "../cursor";
import { createEnrichment } from "./create";
import { parseListQuery } from "./list-query";
import { listEnrichments, loadView, readResourceJson } from "./queries";
import { CreateEnrichmentBody, parseCreateBody, parseIdempotencyKey } from "./schemas";
import { isTerminal, retryAfterOf, toResource, toSummary, type DataSelection } from "./serialize";

const tags = ["v3 enrichments"];
const IdParams = z.object({ id: z.string() });

/** The cache key part of an `include` selection (each selection serializes differently). */
const variantOf = (include: DataSelection): string => (include === null ? "" : include === "all" ? "all" : include.join(","));

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
  if (unknown.length > 0)
    throw new ApiError(
      "invalid_body",
      `include names unknown module(s): ${unknown
        .slice(0, 5)
        .map((n) => n.slice(0, 40))
        .join(", ")}`,
    );
  return [...new Set(names)];
}

const ListEnrichmentsQuery = z.strictObject({
  cursor: z.string().optional(),
  limit: z.string().optional().describe("1 or more; above 100 becomes 100 (default 20)"),
  from: z.string().optional().describe("RFC 3339 date-time with offset, inclusive"),
  to: z.string().optional().describe("RFC 3339 date-time with offset, exclusive"),
  document: z.string().optional().describe("CPF or CNPJ, with or without punctuation"),
  profileId: z.string().optional(),
  entity: z.enum(["person", "company", "pf", "pj"]).optional(),
  batchId: z.string().optional(),
  lane: z.enum(LANES).optional(),
});
const GetEnrichmentQuery = z.strictObject({
  include: z.string().optional().describe("data (every completed module) or a comma-separated list of module names"),
});
const ModuleParams = z.object({ id: z.string(), module: z.string() });

export function registerEnrichmentRoutes(app: FastifyInstance, s: Services): void {
  let allowList: AllowList | null = null;
  const callbackAllowList = () => (allowList ??= parseAllowList(s.config.callbackAllowList));

  route(app, {
    method: "POST",
    url: "/api/v3/enrichments",
    permission: "enrichments:write",
    tags,
    summary: "Create an enrichment (waits up to 25 s for a terminal status)",
    body: { schema: CreateEnrichmentBody, parse: (raw: unknown) => parseCreateBody(raw, callbackAllowList()) },
    headers: { "idempotency-key": { type: "string", maxLength: 255 } },
    response: { 200: Enrichment, 202: EnrichmentAccepted, 400: V3ErrorBody },
    handler: async ({ body, request, reply, caller }) => {
      const key = parseIdempotencyKey(request.headers["idempotency-key"]);
      // batch collections wait to start while this request is answered (server/engine/lane-gate.ts)
      const release = s.priority.hold();
      let result;
      try {
        result = await createEnrichment(s, caller, body, key, reply);
      } finally {
        release();
      }
      for (const [name, value] of Object.entries(result.headers)) reply.header(name, value);
      return reply.status(result.status).send(result.body);
    },
  });

  route(app, {
    method: "GET",
    url: "/api/v3/enrichments",
    permission: "enrichments:read",
    tags,
    summary: "List enrichments (newest first; cursor, limit, from, to, document, profileId, entity, batchId, lane)",
    query: { schema: ListEnrichmentsQuery, parse: (raw: unknown) => parseListQuery(raw, s.config.cursorSecret) },
    response: { 200: EnrichmentList, 400: V3ErrorBody },
    handler: async ({ query: q, caller }) => {
      const { rows, more } = await listEnrichments(s.db, caller.workspaceId, q.filters, q.limit, q.after);
      const last = rows[rows.length - 1];
      return {
        items: rows.map((r) => toSummary(r.enrichment, r.collection)),
        nextCursor:
          more && last
            ? encodeCursor({ createdAt: new Date(Number(last.createdMs)), id: last.enrichment.id }, s.config.cursorSecret)
            : null,
      };
    },
  });

  route(app, {
    method: "GET",
    url: "/api/v3/enrichments/:id",
    permission: "enrichments:read",
    tags,
    summary: "Get an enrichment (include=data or include=<module>,<module>)",
    params: IdParams,
    query: { schema: GetEnrichmentQuery, parse: (raw: unknown) => parseInclude((raw as Record<string, unknown>).include) },
    response: { 200: Enrichment, 400: V3ErrorBody, 404: V3ErrorBody },
    admission: "handler", // a cached record is served whatever the database's queue
    handler: async ({ params, query: include, caller, reply, admit }) => {
      const variant = variantOf(include);
      const cached = s.records.get("v3", caller.workspaceId, params.id, variant);
      if (cached !== undefined) return reply.type("application/json; charset=utf-8").send(cached);
      admit();
      const ticket = s.records.ticket(params.id);
      if (include === null) {
        // the commonest read: the statement writes the JSON (queries.ts, readResourceJson)
        const read = await readResourceJson(s.db, caller.workspaceId, params.id);
        if (!read) throw new ApiError("not_found", "enrichment not found");
        const retryAfter = retryAfterOf(read.collection, s.config.schedules.retryAfterSeconds);
        if (retryAfter !== null) reply.header("Retry-After", String(retryAfter));
        if (isTerminal(read.collection)) s.records.put(ticket, "v3", caller.workspaceId, variant, read.body); // never changes
        return reply.type("application/json; charset=utf-8").send(read.body);
      }
      const view = await loadView(s.db, caller.workspaceId, params.id);
      if (!view) throw new ApiError("not_found", "enrichment not found");
      const retryAfter = retryAfterOf(view.collection, s.config.schedules.retryAfterSeconds);
      if (retryAfter !== null) reply.header("Retry-After", String(retryAfter));
      const resource = toResource(view, include);
      if (!isTerminal(view.collection)) return resource;
      // a terminal enrichment never changes (server/http/record-cache.ts)
      const body = JSON.stringify(resource);
      s.records.put(ticket, "v3", caller.workspaceId, variant, body);
      return reply.type("application/json; charset=utf-8").send(body);
    },
  });

  route(app, {
    method: "GET",
    url: "/api/v3/enrichments/:id/modules/:module",
    permission: "enrichments:read",
    tags,
    summary: "Get one module's data",
    params: ModuleParams,
    response: { 200: ModuleData, 400: V3ErrorBody, 404: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ params: { id, module }, caller }) => {
      const view = await loadView(s.db, caller.workspaceId, id);
      if (!view) throw new ApiError("not_found", "enrichment not found");
      const run = view.modules.find((m) => m.module === module);
      if (!run) throw new ApiError("module_not_found", "Module is not in this enrichment's plan");
      if (run.status !== "ok" || !run.data) {
        const retryAfter = retryAfterOf(view.collection, s.config.schedules.retryAfterSeconds);
        throw new ApiError(
          "module_not_ready",
          `Module is ${run.status}, not completed`,
          retryAfter === null ? {} : { "Retry-After": String(retryAfter) },
        );
      }
      return run.data;
    },
  });
}
