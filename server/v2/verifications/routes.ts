// POST /api/v2/verifications – create a verification (asynchronous; 201 with the record)
// GET  /api/v2/verifications – list the workspace's verifications, filtered and paginated
// GET  /api/v2/verifications/:id – one verification
import type { FastifyInstance } from "fastify";
import type { Services } from "../../context";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { V2ErrorBody, VerificationList, VerificationRecord } from "../../../lib/contract";
import { createVerification } from "./create";
import { getVerificationRecord, listVerifications } from "./queries";
import { CreateVerificationBody, ListVerificationsQuery, VerificationIdParams } from "./schemas";
import { toRecord } from "./serialize";
import { TERMINAL } from "../../engine/types";
import { decisionFields, latestFeedbacks } from "../../decisions/store";

const tags = ["v2 verifications"];

export function registerVerificationRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "POST",
    url: "/api/v2/verifications",
    permission: "verifications:write",
    tags,
    summary: "Create a verification",
    body: CreateVerificationBody,
    // room for two base64 images (CNH and face) at the configured size cap, plus the rest
    bodyLimit: 2 * 4 * Math.ceil(s.config.vision.imageMaxBytes / 3) + 1024 * 1024,
    status: 201,
    response: { 201: VerificationRecord, 400: V2ErrorBody },
    handler: async ({ body, caller }) => ({ ...toRecord(await createVerification(s, caller, body)), ...decisionFields(null) }),
  });

  route(app, {
    method: "GET",
    url: "/api/v2/verifications",
    permission: "verifications:read",
    tags,
    summary: "List verifications",
    query: ListVerificationsQuery,
    response: { 200: VerificationList, 400: V2ErrorBody },
    handler: async ({ query, caller }) => {
      if (query.scoreGte !== undefined && query.scoreLte !== undefined && query.scoreGte > query.scoreLte) {
        throw new ApiError("invalid_parameter", "scoreGte must not be greater than scoreLte");
      }
      const { rows, total } = await listVerifications(s.db, caller.workspaceId, query, s.config.listExactTotal);
      // only decided rows have a latest feedback to read (feedback_status is kept with each feedback)
      const latest = await latestFeedbacks(
        s.db,
        caller.workspaceId,
        rows.filter((r) => r.feedbackStatus).map((r) => r.id),
      );
      return {
        verifications: rows.map((r) => ({ ...toRecord(r), ...decisionFields(latest.get(r.id)) })),
        page: query.page,
        limit: query.limit,
        total,
      };
    },
  });

  route(app, {
    method: "GET",
    url: "/api/v2/verifications/:id",
    permission: "verifications:read",
    tags,
    summary: "Get a verification",
    params: VerificationIdParams,
    response: { 200: VerificationRecord, 400: V2ErrorBody, 404: V2ErrorBody },
    admission: "handler", // a cached record is served whatever the database's queue
    handler: async ({ params, caller, reply, admit }) => {
      const cached = s.records.get("v2", caller.workspaceId, params.id);
      if (cached !== undefined) return reply.type("application/json; charset=utf-8").send(cached);
      admit();
      const ticket = s.records.ticket(params.id);
      const row = await getVerificationRecord(s.db, caller.workspaceId, params.id);
      if (!row) throw new ApiError("not_found", "verification not found");
      const latest = await latestFeedbacks(s.db, caller.workspaceId, row.feedbackStatus ? [row.id] : []);
      const record = { ...toRecord(row), ...decisionFields(latest.get(row.id)) };
      if (!TERMINAL.includes(row.status)) return record;
      // a terminal record changes only with a decision (server/http/record-cache.ts)
      const body = JSON.stringify(record);
      s.records.put(ticket, "v2", caller.workspaceId, "", body);
      return reply.type("application/json; charset=utf-8").send(body);
    },
  });
}
