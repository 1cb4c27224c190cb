import { NextResponse } from "next/server";
import { reviewExchange } from "@/lib/api/review";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import type { CaseFilters, ReviewCase } from "@/lib/contract/review";
import { filtersToCaseFilters, parseFilters } from "@/lib/verifications/filters";

// POST /bff/review/cases/next {query} – takes the next case of the queue the list shows (its URL
// query): assigns it to the analyst and answers {id}; {id: null} when the queue has none (204).
export const POST = withMutation(
  async (request, { token }) => {
    const body = (await readJson(request)) as { query?: unknown } | null;
    const filters = parseFilters(new URLSearchParams(typeof body?.query === "string" ? body.query : ""));
    const { sort: _sort, stuck: _stuck, ...rest } = filtersToCaseFilters(filters);
    const next: CaseFilters = { ...rest, assignee: filters.queue === "mine" ? "me" : "none" };
    const answer = await reviewExchange<ReviewCase | undefined>("/cases/next", { method: "POST", token, body: next });
    return NextResponse.json(
      { id: answer.status === 204 || !answer.body ? null : answer.body.id },
      { headers: { "cache-control": "no-store" } },
    );
  },
  { messages: { 400: "Os filtros desta fila não servem para pegar o próximo caso.", 403: "Seu papel não permite pegar casos." } },
);
