import { NextResponse } from "next/server";
import { listEnrichments } from "@/lib/api/enrichments";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { failureLabel, isTerminalEnrichment } from "@/lib/enrichments/labels";
import { holderNames } from "@/lib/enrichments/batch-names";
import { readAccessTokenClaims } from "@/lib/api/access-token-claims";
import { maskDocumentsDeep } from "@/lib/enrichments/mask-data";
import { maskedDocument } from "@/lib/verifications/document-view";
import { reviewFetch } from "@/lib/api/review";
import { ApiError } from "@/lib/api/errors";
import { v3ErrorMessage } from "@/lib/enrichments/errors";
import type { BatchRecord } from "@/lib/contract/review";

// GET /bff/enrichments/batch/:batchId – the batch's progress, read through ?batchId= (the API has
// no batch route): every item (pages of 100, at most 500 items) and how many are terminal. Each
// item as the results table shows it (issue 20, item 9): the masked document (never the full one
// to the browser), the holder's name once the item has completed, the status, the failure reason
// in words, when it was created and completed, and the item's metadata (the CSV's other columns,
// any CPF or CNPJ in them masked too). With the review API, the batch's own record too (issue 28,
// item 2): how many items were sent and every one the API refused, with the reason in words, so no
// line sent is missing from the page.

const BATCH_ID = /^bat_[A-Za-z0-9_-]{4,64}$/;

/** The batch's counts and refusals (review API), or null without it (a bare deployment) or for a batch it does not know. */
async function readBatchRecord(token: string, batchId: string, signal: AbortSignal): Promise<BatchRecord | null> {
  try {
    return await reviewFetch<BatchRecord>(`/batches/${encodeURIComponent(batchId)}`, { token, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const GET = withAccessToken<{ batchId: string }>(async (request, { token, params }) => {
  if (!BATCH_ID.test(params.batchId)) return bffError(404, "not_found", "Lote não encontrado.");
  const items = [];
  let cursor: string | undefined;
  for (let page = 0; page < 6; page++) {
    const answer = await listEnrichments(token, { batchId: params.batchId, limit: 100, cursor }, request.signal);
    items.push(...answer.items);
    if (!answer.nextCursor) break;
    cursor = answer.nextCursor;
  }
  items.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const workspaceId = String(readAccessTokenClaims(token).wid ?? "");
  const names = await holderNames(
    token,
    workspaceId,
    items.filter((e) => e.status === "COMPLETED" && e.outcome === "ok").map((e) => e.id),
    request.signal,
  );
  const rows = items.map((e) => ({
    id: e.id,
    document: maskedDocument(e.document) ?? "",
    entity: e.entity,
    name: names.get(e.id) ?? null,
    status: e.status,
    outcome: e.outcome,
    failureReason: e.failureReason ?? null,
    failure: failureLabel(e.failureReason),
    createdAt: e.createdAt,
    completedAt: e.completedAt,
    metadata: Object.fromEntries(
      Object.entries(maskDocumentsDeep(e.metadata ?? {})).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
    ),
  }));
  const terminal = rows.filter((r) => isTerminalEnrichment(r.status)).length;
  const record = await readBatchRecord(token, params.batchId, request.signal);
  return NextResponse.json(
    {
      batchId: params.batchId,
      sent: record?.total ?? null,
      refused: (record?.refused ?? []).map((r) => ({ index: r.index, document: r.document, message: v3ErrorMessage(r.error.code) })),
      total: rows.length,
      terminal,
      completed: rows.filter((r) => r.status === "COMPLETED").length,
      failed: rows.filter((r) => r.status === "FAILED").length,
      items: rows,
    },
    { headers: { "cache-control": "no-store" } },
  );
});
