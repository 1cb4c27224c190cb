import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { DryRunBody, type DryRunResult } from "@/lib/contract/routing";

// POST /bff/review/routing/dry-run {routing?} – who would have received the last 100 cases (admins; assigns nothing).
export const POST = withMutation(
  async (request, { token }) => {
    const parsed = DryRunBody.safeParse((await readJson(request)) ?? {});
    if (!parsed.success) return bffError(400, "invalid_request", "As regras propostas não estão completas: confira cada regra.");
    const result = await reviewFetch<DryRunResult>("/routing/dry-run", { method: "POST", token, body: parsed.data });
    return NextResponse.json(result, { headers: { "cache-control": "no-store" } });
  },
  {
    messages: {
      400: "As regras propostas não foram aceitas: confira cada regra.",
      403: "Só um admin simula a distribuição.",
      422: "Uma regra cita alguém que não é admin ou analista ativo deste workspace.",
    },
  },
);
