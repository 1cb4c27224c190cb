import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import type { SavedView } from "@/lib/contract/review";
import { filtersToCaseFilters, parseFilters } from "@/lib/verifications/filters";

// GET /bff/review/views – the analyst's saved views and the workspace's shared ones (the API's
// pages of 100, at most VIEW_PAGES of them: each person keeps at most 50).
// POST /bff/review/views {name, query, shared} – saves the list's current filters (its URL query).

export interface ViewView {
  id: string;
  name: string;
  /** The list's URL query this view opens. */
  query: string;
  shared: boolean;
  author: string | null;
  authorId: string;
  mine: boolean;
}

function toView(view: SavedView): ViewView {
  const query = new URLSearchParams();
  const f = view.filters;
  if (f.status) query.set("status", f.status);
  if (f.search) query.set("q", f.search);
  if (f.feedbackStatus) query.set("feedback", f.feedbackStatus);
  if (f.scoreGte !== undefined) query.set("scoreMin", String(f.scoreGte));
  if (f.scoreLte !== undefined) query.set("scoreMax", String(f.scoreLte));
  if (f.stuck) query.set("stuck", "true");
  if (f.assignee === "me") query.set("queue", "mine");
  else if (f.assignee === "none") query.set("queue", "unassigned");
  else if (f.awaitingSecondReview) query.set("queue", "second");
  if (f.sort && f.sort !== "newest") query.set("sort", f.sort);
  return {
    id: view.id,
    name: view.name,
    query: query.toString(),
    shared: view.shared,
    author: view.author.email,
    authorId: view.author.id,
    mine: view.mine,
  };
}

const VIEW_PAGES = 5;

export const GET = withAccessToken(async (request, { token }) => {
  const views: SavedView[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < VIEW_PAGES; page++) {
    const answer = await reviewFetch<{ views: SavedView[]; nextCursor: string | null }>("/views", {
      token,
      signal: request.signal,
      query: { limit: 100, cursor },
    });
    views.push(...answer.views);
    if (!answer.nextCursor) break;
    cursor = answer.nextCursor;
  }
  return NextResponse.json({ views: views.map(toView) }, { headers: { "cache-control": "no-store" } });
});

export const POST = withMutation(
  async (request, { token }) => {
    const body = (await readJson(request)) as { name?: unknown; query?: unknown; shared?: unknown } | null;
    const name = typeof body?.name === "string" ? body.name.trim() : "";
    if (!name || name.length > 100) return bffError(400, "invalid_request", "Dê um nome de 1 a 100 caracteres à visão.");
    const filters = filtersToCaseFilters(parseFilters(new URLSearchParams(typeof body?.query === "string" ? body.query : "")));
    const created = await reviewFetch<SavedView>("/views", {
      method: "POST",
      token,
      body: { name, filters, shared: body?.shared === true },
    });
    return NextResponse.json(toView(created), { status: 201, headers: { "cache-control": "no-store" } });
  },
  {
    messages: {
      400: "A visão não foi aceita: confira o nome e os filtros.",
      403: "Seu papel não permite compartilhar visões com o workspace.",
      409: "Você já tem 50 visões salvas: exclua uma antes de salvar outra.",
    },
  },
);
