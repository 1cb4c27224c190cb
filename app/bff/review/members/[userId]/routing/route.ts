import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { MemberRoutingBody, type MemberRouting } from "@/lib/contract/routing";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// PUT /bff/review/members/:userId/routing {cap, awayUntil} – a member's cap and "ausente até"
// (an analyst their own, an admin anyone's; docs/routing.md).
export const PUT = withMutation<{ userId: string }>(
  async (request, { token, params }) => {
    if (!UUID.test(params.userId)) return bffError(404, "not_found", "Pessoa não encontrada.");
    const parsed = MemberRoutingBody.safeParse(await readJson(request));
    if (!parsed.success) return bffError(400, "invalid_request", "Limite de 0 a 1000 (ou vazio) e uma data válida (ou vazia).");
    const saved = await reviewFetch<MemberRouting>(`/members/${params.userId}/routing`, { method: "PUT", token, body: parsed.data });
    return NextResponse.json(saved, { headers: { "cache-control": "no-store" } });
  },
  {
    messages: {
      400: "Limite de 0 a 1000 (ou vazio) e uma data válida (ou vazia).",
      403: "Você só altera a sua própria ausência; um admin altera a de qualquer pessoa.",
      404: "Pessoa não encontrada neste workspace.",
    },
  },
);
