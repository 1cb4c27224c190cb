// The webhooks' contract (issue 35; server/webhooks, docs/webhooks.md): the event catalogue, the
// endpoints, the deliveries and their attempts. Shared by the service (validation, OpenAPI) and
// the console. Receivers verify a delivery with lib/contract/webhooks/verify.ts.
import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "./webhook-events";

export { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./webhook-events";

/** Sent by POST /webhooks/{id}/test only; not in the catalogue (nobody subscribes to it). */
export const PING_EVENT = "ping";

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;
/** Endpoints per workspace. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** Consecutive failed attempts that pause an endpoint. */
export const WEBHOOK_PAUSE_AFTER = 100;
/** Bytes of the receiver's answer kept per attempt. */
export const WEBHOOK_RESPONSE_BYTES = 1024;

export const WebhookState = z.enum(["active", "paused"]);
export const DeliveryState = z.enum(["pending", "delivered", "failed"]);
export type DeliveryState = z.infer<typeof DeliveryState>;

/** The events chosen: a list of catalogue names, or ["*"] for all of them. */
export const WebhookEvents = z.array(z.string().max(64)).min(1).max(WEBHOOK_EVENT_TYPES.length);

export const CreateWebhookBody = z
  .object({
    url: z.string().max(MAX_WEBHOOK_URL_LENGTH * 2),
    events: WebhookEvents,
    description: z.string().trim().max(MAX_WEBHOOK_DESCRIPTION_LENGTH).optional(),
  })
  .strict();
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

export const UpdateWebhookBody = z
  .object({
    url: z
      .string()
      .max(MAX_WEBHOOK_URL_LENGTH * 2)
      .optional(),
    events: WebhookEvents.optional(),
    description: z.string().trim().max(MAX_WEBHOOK_DESCRIPTION_LENGTH).optional(),
    state: z.literal("active").optional().describe('"active" resumes a paused endpoint (its pending deliveries go out again)'),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: "nothing to change" });
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBody>;

export const Webhook = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()).describe('the catalogue names chosen, or ["*"]'),
  state: WebhookState,
  consecutiveFailures: z.number().int(),
  pausedAt: z.string().nullable(),
  secretRotating: z.boolean().describe("true while a previous secret still signs (24 h after a rotation)"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;

/** Creation and rotation answer the secret, once: it is never shown again. */
export const WebhookWithSecret = Webhook.extend({
  secret: z.string().describe("hex, 32 bytes: shown once (at creation and at each rotation)"),
});
export type WebhookWithSecret = z.infer<typeof WebhookWithSecret>;

export const WebhookList = z.object({ webhooks: z.array(Webhook) });

export const WebhookAttempt = z.object({
  at: z.string(),
  status: z.number().int().nullable().describe("the receiver's HTTP status; null when no answer came"),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  response: z.string().nullable().describe("the first 1 KB of the answer"),
});

export const WebhookDelivery = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  eventId: z.string(),
  eventType: z.string(),
  state: DeliveryState,
  attempts: z.array(WebhookAttempt),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDelivery), nextCursor: z.string().nullable() });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;

export const DeliveriesQuery = z
  .object({
    state: DeliveryState.optional(),
    cursor: z.string().max(200).optional(),
    limit: z
      .string()
      .regex(/^\d{1,9}$/, "must be an integer")
      .transform(Number)
      .pipe(z.number().int().min(1).max(100))
      .default(50),
  })
  .strict();

export const ReplayBody = z
  .object({
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
  })
  .strict();

export const ReplayResult = z.object({ queued: z.number().int().describe("deliveries written for the range's events") });
export const TestResult = z.object({ deliveryId: z.uuid(), eventId: z.string() });

/** What a receiver gets: the body of every delivery. */
export const WebhookEventBody = z.object({
  id: z.string().describe("evt_…: unique per event, the same across retries (also the Idempotency-Key header)"),
  type: z.string(),
  createdAt: z.string(),
  workspaceId: z.uuid(),
  data: z.record(z.string(), z.unknown()).describe("ids, statuses and masked documents only"),
});
export type WebhookEventBody = z.infer<typeof WebhookEventBody>;
