// The webhooks room's review routes (issue 35 items 1 and 3; docs/webhooks.md), registered
// through server/rooms.ts. Admins configure; every route answers 403 forbidden to other roles.
// POST   /api/review/v1/webhooks                     – create (the secret is shown once)
// GET    /api/review/v1/webhooks                     – list
// GET    /api/review/v1/webhooks/{id}                – one
// PATCH  /api/review/v1/webhooks/{id}                – change url, events, description; resume a paused one
// DELETE /api/review/v1/webhooks/{id}                – delete (its deliveries go with it)
// POST   /api/review/v1/webhooks/{id}/rotate-secret  – new secret; the old one signs 24 h more
// POST   /api/review/v1/webhooks/{id}/test           – a ping
// GET    /api/review/v1/webhooks/{id}/deliveries     – the delivery log (?state=)
// POST   /api/review/v1/webhooks/{id}/replay         – a time range again
// POST   /api/review/v1/deliveries/{id}/redeliver    – one delivery again
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../context";
import { route } from "../http/route";
import { parseAllowList } from "../callbacks/destination";
import { V3ErrorBody } from "../../lib/contract/error-bodies";
import {
  CreateWebhookBody,
  DeliveriesQuery,
  ReplayBody,
  ReplayResult,
  TestResult,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
  WebhookWithSecret,
} from "../../lib/contract/webhooks";
import { createEndpoint, deleteEndpoint, endpointRow, listEndpoints, rotateSecret, sendPing, toWebhook, updateEndpoint } from "./endpoints";
import { listDeliveries, redeliver, replay } from "./deliveries";

const tags = ["review webhooks"];
const IdParams = z.object({ id: z.string().max(100) });
const errors = { 400: V3ErrorBody, 403: V3ErrorBody, 404: V3ErrorBody };

export function registerWebhookRoutes(app: FastifyInstance, s: Services): void {
  const allowList = parseAllowList(s.config.callbackAllowList);

  route(app, {
    method: "POST",
    url: "/api/review/v1/webhooks",
    permission: "review:admin",
    tags,
    summary: "Create a webhook endpoint (admins)",
    description:
      '{url, events: [names of the catalogue] | ["*"], description?}. The URL follows the callbacks\' rules (https, no credentials, ' +
      "no private, loopback or metadata destination: 400 invalid_webhook_url); an event outside the catalogue is 400 unknown_webhook_event; " +
      "a workspace has at most 10 endpoints (409 webhook_limit_reached). Answers 201 with the secret, shown this once. Records webhook.created.",
    body: CreateWebhookBody,
    status: 201,
    response: { 201: WebhookWithSecret, 409: V3ErrorBody, ...errors },
    handler: async ({ body, caller, request }) => createEndpoint(s.db, caller, body, allowList, request.id),
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/webhooks",
    permission: "review:admin",
    tags,
    summary: "The workspace's webhook endpoints (admins)",
    description: "Oldest first. `state: paused` when 100 attempts in a row failed: its deliveries wait until an admin resumes it.",
    response: { 200: WebhookList, 403: V3ErrorBody },
    handler: async ({ caller }) => ({ webhooks: await listEndpoints(s.db, caller.workspaceId) }),
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/webhooks/:id",
    permission: "review:admin",
    tags,
    summary: "One webhook endpoint (admins)",
    description: "404 not_found for another workspace's endpoint, like a missing one. The secret is never answered here.",
    params: IdParams,
    response: { 200: Webhook, 403: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, caller }) => toWebhook(await endpointRow(s.db, caller.workspaceId, params.id)),
  });

  route(app, {
    method: "PATCH",
    url: "/api/review/v1/webhooks/:id",
    permission: "review:admin",
    tags,
    summary: "Change a webhook endpoint (admins)",
    description:
      'Any of url, events, description; `state: "active"` resumes a paused endpoint (its failures count from zero, its pending ' +
      "deliveries go out in order). The same codes as creation. Records webhook.updated.",
    params: IdParams,
    body: UpdateWebhookBody,
    response: { 200: Webhook, ...errors },
    handler: async ({ params, body, caller, request }) => updateEndpoint(s.db, caller, params.id, body, allowList, request.id),
  });

  route(app, {
    method: "DELETE",
    url: "/api/review/v1/webhooks/:id",
    permission: "review:admin",
    tags,
    summary: "Delete a webhook endpoint (admins)",
    description: "Its deliveries and their attempts are deleted with it; nothing more is sent to it. Records webhook.deleted.",
    params: IdParams,
    status: 204,
    response: { 204: z.null(), 403: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, caller, request, reply }) => {
      await deleteEndpoint(s.db, caller, params.id, request.id);
      return reply.status(204).send();
    },
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/webhooks/:id/rotate-secret",
    permission: "review:admin",
    tags,
    summary: "Rotate a webhook endpoint's secret (admins)",
    description:
      "Answers the new secret, shown this once. For 24 hours both the new and the previous secret sign every delivery " +
      "(`Lupa-Signature: t=…,v1=…,v1=…`); then only the new one. Records webhook.secret_rotated.",
    params: IdParams,
    response: { 200: WebhookWithSecret, 403: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, caller, request }) => rotateSecret(s.db, caller, params.id, request.id),
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/webhooks/:id/test",
    permission: "review:admin",
    tags,
    summary: "Send a ping to a webhook endpoint (admins)",
    description: "Writes a `ping` event and its delivery, sent by the delivery worker like any other (see it in the delivery log). 202.",
    params: IdParams,
    status: 202,
    response: { 202: TestResult, 403: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, caller }) => sendPing(s.db, caller, params.id),
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/webhooks/:id/deliveries",
    permission: "review:admin",
    tags,
    summary: "A webhook endpoint's delivery log (admins)",
    description:
      "Newest first; ?state=pending|delivered|failed; cursor; limit 1 to 100 (default 50). Each delivery lists its attempts: " +
      "the receiver's status, the time, the duration and the first 1 KB of its answer.",
    params: IdParams,
    query: DeliveriesQuery,
    response: { 200: WebhookDeliveryList, ...errors },
    handler: async ({ params, query, caller }) => listDeliveries(s.db, caller.workspaceId, params.id, query),
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/webhooks/:id/replay",
    permission: "review:admin",
    tags,
    summary: "Send a time range of events again (admins)",
    description:
      "{from, to} (RFC 3339; from before to, else 400 invalid_date_range): the endpoint's events of [from, to) that it subscribes to now, " +
      "as new deliveries with the same event ids, oldest first. At most 10,000 events (400 replay_too_large). 202 {queued}.",
    params: IdParams,
    body: ReplayBody,
    status: 202,
    response: { 202: ReplayResult, ...errors },
    handler: async ({ params, body, caller }) => replay(s.db, caller.workspaceId, params.id, new Date(body.from), new Date(body.to)),
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/deliveries/:id/redeliver",
    permission: "review:admin",
    tags,
    summary: "Send one delivery again (admins)",
    description:
      "A new delivery of the same event (same id, same Idempotency-Key) to the same endpoint; 409 delivery_pending while the delivery " +
      "is still pending. 202 with the new delivery.",
    params: IdParams,
    status: 202,
    response: { 202: WebhookDelivery, 409: V3ErrorBody, 403: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, caller }) => redeliver(s.db, caller.workspaceId, params.id),
  });
}
