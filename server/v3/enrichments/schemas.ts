// Validation of POST /api/v3/enrichments, in the order of spec 4.4 / 7: shape (invalid_body),
// profileId (profile_required), document (invalid_document), callback (invalid_callback),
// deadline (invalid_deadline), then the Idempotency-Key header (invalid_idempotency_key).
// Messages name fields, never values (a document or a callback URL never appears in them).
import { createHash } from "node:crypto";
import { z } from "zod";
import { ApiError } from "../../http/errors";
import { describeIssues } from "../../http/validate";
import { normalizeDocument, type NormalizedDocument } from "../../../lib/contract/documents";
import { validateCallback, type ValidCallback } from "../../callbacks/validate";
import type { AllowList } from "../../callbacks/destination";
import { parseDeadline } from "../deadline";
import { metadataProblem } from "../../http/metadata";
import { MAX_INPUT_DEPTH } from "../../http/boundary";

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

const JsonObject = z.record(z.string(), z.unknown());

/** The shape only: which fields exist and which are objects. Field rules come after, in order. */
export const CreateEnrichmentBody = z.strictObject({
  document: z.unknown().optional(),
  profileId: z.string().optional(),
  callback: z.unknown().optional(),
  metadata: JsonObject.optional(),
  options: z
    .strictObject({
      modules: JsonObject.optional(),
      deadline: z.unknown().optional(),
    })
    .optional(),
});

export interface CreateInput {
  document: NormalizedDocument;
  profileId: string;
  callback: ValidCallback | null;
  metadata: Record<string, unknown>;
  addons: Record<string, unknown>;
  deadline: { seconds: number; normalized: string } | null;
  /** sha256 of the canonical JSON of the parsed body (idempotency). */
  hash: string;
}

export function parseCreateBody(body: unknown, allowList: AllowList): CreateInput {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new ApiError("invalid_body", "Body must be a JSON object");
  const shape = CreateEnrichmentBody.safeParse(body);
  if (!shape.success) throw new ApiError("invalid_body", describeIssues(shape.error));
  const b = shape.data;
  // the metadata limits are part of the shape: checked before the field rules
  const tooLarge = b.metadata ? metadataProblem(b.metadata) : null;
  if (tooLarge) throw new ApiError("metadata_too_large", tooLarge);
  if (b.profileId === undefined || b.profileId.trim() === "") throw new ApiError("profile_required", "profileId is required");
  const document = typeof b.document === "string" ? normalizeDocument(b.document) : null;
  if (!document) throw new ApiError("invalid_document", "document is not a valid CPF or CNPJ");
  let callback: ValidCallback | null = null;
  if (b.callback !== undefined) {
    const checked = validateCallback(b.callback, { allowList });
    if (!checked.ok) throw new ApiError("invalid_callback", checked.message);
    callback = checked.value;
  }
  let deadline: CreateInput["deadline"] = null;
  if (b.options?.deadline !== undefined) {
    const parsed = parseDeadline(b.options.deadline);
    if (!parsed.ok) throw new ApiError("invalid_deadline", "options.deadline must be a duration such as 90s, 10m or 2h, at least 1m");
    deadline = { seconds: parsed.seconds, normalized: parsed.normalized };
  }
  const input = {
    document,
    profileId: b.profileId,
    callback,
    metadata: b.metadata ?? {},
    addons: b.options?.modules ?? {},
    deadline,
  };
  // the hash covers the request as understood: the normalized document and deadline, so a
  // masked and an unmasked document, or 2h and 120m, are the same request
  const hash = createHash("sha256")
    .update(
      canonicalJson({
        document: document.value,
        profileId: input.profileId,
        callback,
        metadata: input.metadata,
        modules: input.addons,
        deadline: deadline?.normalized ?? null,
      }),
    )
    .digest("hex");
  return { ...input, hash };
}

/** null when absent; 400 invalid_idempotency_key when empty or longer than 255 characters. */
export function parseIdempotencyKey(header: unknown): string | null {
  if (header === undefined) return null;
  if (typeof header !== "string" || header.length === 0 || header.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ApiError("invalid_idempotency_key", `Idempotency-Key must have 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
  return header;
}

/**
 * JSON with object keys sorted at every level. The boundary bounds the depth of every request
 * (MAX_INPUT_DEPTH); deeper values are refused here too, so the recursion is always bounded.
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_INPUT_DEPTH + 2) throw new ApiError("invalid_body", `body: nested deeper than ${MAX_INPUT_DEPTH} levels`);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v, depth + 1)).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k], depth + 1)}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
