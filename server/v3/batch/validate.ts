// Validation of POST /api/v3/enrichments/batch (spec 4.4, 7, 8). Whole-request problems throw
// ApiError with the exact code; per-item problems are reported by create.ts inside the 202.
// Messages name fields, never values (a document or metadata could be personal data).
import { ApiError } from "../../http/errors";
import { parseDeadline } from "../deadline";
import { validateCallback, type ValidCallback } from "../../callbacks/validate";
import type { AllowList } from "../../callbacks/destination";
import { metadataProblem } from "../../http/metadata";

export const MAX_BATCH_ITEMS = 500;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

const BODY_FIELDS = new Set(["profileId", "items", "options", "callback", "metadata"]);
const OPTION_FIELDS = new Set(["modules", "deadline"]);
const ITEM_FIELDS = new Set(["document", "metadata"]);

export interface BatchItemInput {
  /** As sent (any JSON value; a string when valid). */
  document: unknown;
  metadata: unknown;
  hasMetadata: boolean;
}

export interface BatchRequest {
  profileId: string;
  items: BatchItemInput[];
  addons: Record<string, unknown>;
  deadline: { seconds: number; normalized: string } | null;
  callback: ValidCallback | null;
  metadata: Record<string, unknown>;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function unknownField(value: Record<string, unknown>, allowed: Set<string>): string | undefined {
  return Object.keys(value).find((k) => !allowed.has(k));
}

const safeName = (name: string) => (/^[A-Za-z0-9_.-]{1,40}$/.test(name) ? name : "(name not shown)");

/** The Idempotency-Key header, or null when absent; 400 invalid_idempotency_key when unusable. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (Array.isArray(header) || header.length === 0 || header.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ApiError("invalid_idempotency_key", `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters, sent once`);
  }
  return header;
}

export function parseBatchBody(body: unknown, allowList: AllowList): BatchRequest {
  if (!isPlainObject(body)) throw new ApiError("invalid_body", "Body must be a JSON object");
  const unknown = unknownField(body, BODY_FIELDS);
  if (unknown !== undefined) throw new ApiError("invalid_body", `body: unknown field ${safeName(unknown)}`);

  if (body.profileId === undefined || body.profileId === null || body.profileId === "") {
    throw new ApiError("profile_required", "profileId is required");
  }
  if (typeof body.profileId !== "string") throw new ApiError("invalid_body", "profileId: expected string");

  if (body.items === undefined || body.items === null)
    throw new ApiError("batch_empty", "items is required and must hold at least one item");
  if (!Array.isArray(body.items)) throw new ApiError("invalid_body", "items: expected array");
  if (body.items.length === 0) throw new ApiError("batch_empty", "items must hold at least one item");
  if (body.items.length > MAX_BATCH_ITEMS) throw new ApiError("batch_too_large", `items holds more than ${MAX_BATCH_ITEMS} items`);
  const items: BatchItemInput[] = body.items.map((item: unknown, index: number) => {
    if (!isPlainObject(item)) throw new ApiError("invalid_body", `items.${index}: expected object`);
    const extra = unknownField(item, ITEM_FIELDS);
    if (extra !== undefined) throw new ApiError("invalid_body", `items.${index}: unknown field ${safeName(extra)}`);
    return { document: item.document, metadata: item.metadata, hasMetadata: item.metadata !== undefined };
  });

  let addons: Record<string, unknown> = {};
  let deadline: BatchRequest["deadline"] = null;
  if (body.options !== undefined) {
    if (!isPlainObject(body.options)) throw new ApiError("invalid_body", "options: expected object");
    const extra = unknownField(body.options, OPTION_FIELDS);
    if (extra !== undefined) throw new ApiError("invalid_body", `options: unknown field ${safeName(extra)}`);
    if (body.options.modules !== undefined) {
      if (!isPlainObject(body.options.modules)) throw new ApiError("invalid_body", "options.modules: expected object");
      addons = body.options.modules;
    }
    if (body.options.deadline !== undefined) {
      const parsed = parseDeadline(body.options.deadline);
      if (!parsed.ok) throw new ApiError("invalid_deadline", "options.deadline must be a duration such as 90s, 10m or 2h, at least 1m");
      deadline = { seconds: parsed.seconds, normalized: parsed.normalized };
    }
  }

  let callback: ValidCallback | null = null;
  if (body.callback !== undefined) {
    const checked = validateCallback(body.callback, { allowList });
    if (!checked.ok) throw new ApiError("invalid_callback", checked.message);
    callback = checked.value;
  }

  let metadata: Record<string, unknown> = {};
  if (body.metadata !== undefined) {
    if (!isPlainObject(body.metadata)) throw new ApiError("invalid_body", "metadata: expected object");
    const tooLarge = metadataProblem(body.metadata);
    if (tooLarge) throw new ApiError("metadata_too_large", tooLarge);
    metadata = body.metadata;
  }

  return { profileId: body.profileId, items, addons, deadline, callback, metadata };
}
