// POST /api/v2/verifications/batch – 1 to 500 verifications with one configuration (spec 2.4, 4.2).
import type { FastifyInstance } from "fastify";
import type { Services } from "../../context";
import { route } from "../../http/route";
import { V2ErrorBody } from "../../../lib/contract/error-bodies";
import { BatchBody, BatchResult } from "./schemas";
import { createBatch } from "./create";

export function registerBatchRoute(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "POST",
    url: "/api/v2/verifications/batch",
    permission: "verifications:write",
    tags: ["v2 verifications"],
    summary: "Create a batch of verifications",
    description:
      "nationalId: 1 to 500 documents; verifications, profileId and callback apply to every item (faceRecognition and cnh are ignored). 202 with {total, success, errors, items}, items keyed by nationalId as sent: {id} or {error}. Items run on the batch lane.",
    body: BatchBody,
    status: 202,
    response: { 202: BatchResult, 400: V2ErrorBody, 403: V2ErrorBody },
    handler: async ({ body, caller }) => createBatch(s, caller, body),
  });
}
