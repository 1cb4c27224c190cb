import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { createBatch, getProfile } from "@/lib/api/enrichments";
import { bffError } from "@/lib/bff/errors";
import { BodyTooLarge, readJson } from "@/lib/bff/read-body";
import { withMutation } from "@/lib/bff/with-mutation";
import { parseBatchCsv, type BatchProfile } from "@/lib/enrichments/csv";
import { v3ErrorMessage } from "@/lib/enrichments/errors";

// POST /bff/enrichments/batch – {csv, profileId, submissionKey, send, skipInvalid}: checks every
// line of the CSV and answers the errors (with a profile chosen, a document of the other kind is an
// error by name: issue 28, item 2); with `send` and no errors, sends the batch (Idempotency-Key
// from the submission key: sending twice creates one batch) and answers the API's batch response.
// With `skipInvalid` too ("Enviar as válidas", issue 20 item 9), lines with errors are left out
// and the valid ones sent; the answer's `skipped` lists the lines left out with their reasons. A
// file-wide problem (no lines, too many, a bad header) still stops the whole file.
// The JSON body is counted while it is read and refused past MAX_BODY, with or without a
// Content-Length.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_CSV = 2_000_000;
/** The JSON around a CSV of MAX_CSV characters: escaping may double it, UTF-8 may take 2 bytes a character. */
const MAX_BODY = 4 * MAX_CSV;
const TOO_LARGE = "Arquivo grande demais (máximo 2 MB).";

async function readBody(request: Request): Promise<unknown> {
  try {
    return await readJson(request, MAX_BODY);
  } catch (error) {
    if (error instanceof BodyTooLarge) return error;
    throw error;
  }
}

/** The chosen profile's name and entity, or the answer to send when it cannot be read. */
async function readProfile(token: string, id: string): Promise<BatchProfile | Response> {
  try {
    const profile = await getProfile(token, id);
    return { name: profile.profile.name, entity: profile.entity };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return bffError(400, "profile_not_found", v3ErrorMessage("profile_not_found"));
    throw error;
  }
}

export const POST = withMutation(async (request, { token }) => {
  const raw = await readBody(request);
  if (raw instanceof BodyTooLarge) return bffError(413, "batch_too_large", TOO_LARGE);
  const body = raw as {
    csv?: unknown;
    profileId?: unknown;
    submissionKey?: unknown;
    send?: unknown;
    skipInvalid?: unknown;
  } | null;
  if (!body || typeof body.csv !== "string") return bffError(400, "invalid_request", "Envie o conteúdo do CSV.");
  if (body.csv.length > MAX_CSV) return bffError(413, "batch_too_large", TOO_LARGE);
  const profileId = typeof body.profileId === "string" && body.profileId ? body.profileId : null;
  const profile = profileId ? await readProfile(token, profileId) : null;
  if (profile instanceof Response) return profile;
  const parsed = parseBatchCsv(body.csv, profile ?? undefined);
  const summary = {
    profile,
    lines: parsed.items.map((i) => i.line),
    total: parsed.items.length,
    columns: parsed.columns,
    errors: parsed.errors.slice(0, 200),
    errorCount: parsed.errors.length,
  };
  // a problem of the whole file (line 0: no lines, too many documents) or of its header (before any item)
  const firstItemLine = parsed.items[0]?.line ?? Infinity;
  const fileWide = parsed.errors.some((e) => e.line === 0 || e.line < firstItemLine);
  const skip = body.skipInvalid === true && !fileWide && parsed.items.length > 0;
  if (body.send !== true || (parsed.errors.length && !skip)) return NextResponse.json({ validated: true, ...summary, fileWide });
  if (!profileId) return bffError(400, "profile_required", "Escolha um perfil.");
  if (typeof body.submissionKey !== "string" || !UUID.test(body.submissionKey))
    return bffError(400, "invalid_request", "Recarregue a página e envie de novo.");
  try {
    const items = parsed.items.map((i) =>
      Object.keys(i.metadata).length ? { document: i.document, metadata: i.metadata } : { document: i.document },
    );
    const answer = await createBatch(token, { profileId, items }, `lupa-console-batch-${body.submissionKey}`);
    return NextResponse.json({
      validated: true,
      ...summary,
      skipped: skip ? summary.errors : [],
      batch: {
        batchId: answer.batchId,
        total: answer.total,
        created: answer.created,
        failed: answer.failed,
        refused: answer.items
          .filter((i) => "error" in i)
          .map((i) => ({ line: parsed.items[i.index]?.line ?? i.index + 1, message: v3ErrorMessage("error" in i ? i.error.code : "") })),
      },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401)
      return bffError(error.status, error.code, v3ErrorMessage(error.code));
    throw error;
  }
});
