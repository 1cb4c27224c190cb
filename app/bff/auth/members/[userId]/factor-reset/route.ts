import { NextResponse } from "next/server";
import { reviewExchange } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { withMutation } from "@/lib/bff/with-mutation";

// POST /bff/auth/members/{userId}/factor-reset – an admin removes a person's second factor (step-up; recorded).
export const POST = withMutation<{ userId: string }>(
  async (_request, { token, params }) => {
    if (!/^[0-9a-f-]{36}$/i.test(params.userId)) return bffError(400, "invalid_request", "Pessoa inválida.");
    await reviewExchange<null>(`/members/${params.userId}/factor/reset`, { method: "POST", token });
    return new NextResponse(null, { status: 204 });
  },
  { messages: { 403: "Só um admin redefine o segundo fator de outra pessoa." }, notFoundMessage: "Pessoa não encontrada." },
);
