import { NextResponse } from "next/server";
import { listEnrichments } from "@/lib/api/enrichments";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { isTerminalEnrichment } from "@/lib/enrichments/labels";

// GET /bff/enrichments/batch/:batchId – the batch's progress, read through ?batchId= (the API has
// no batch route): every item (pages of 100, at most 500 items) and how many are terminal.

const BATCH_ID = /^bat_[A-Za-z0-9_-]{4,64}$/;

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
  const rows = items
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .map((e) => ({
      id: e.id,
      document: e.document,
      entity: e.entity,
      status: e.status,
      outcome: e.outcome,
      failureReason: e.failureReason ?? null,
    }));
  const terminal = rows.filter((r) => isTerminalEnrichment(r.status)).length;
  return NextResponse.json(
    {
      batchId: params.batchId,
      total: rows.length,
      terminal,
      completed: rows.filter((r) => r.status === "COMPLETED").length,
      failed: rows.filter((r) => r.status === "FAILED").length,
      items: rows,
    },
    { headers: { "cache-control": "no-store" } },
  );
});
