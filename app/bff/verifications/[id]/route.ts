import { NextResponse } from "next/server";
import { getVerification } from "@/lib/api/verifications";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { isVerificationId } from "@/lib/verifications/id";
import { toDetail } from "@/lib/verifications/to-detail";

// GET /bff/verifications/:id – one verification as the case page shows it.
export const GET = withAccessToken<{ id: string }>(
  async (request, { token, params }) => {
    if (!isVerificationId(params.id)) return bffError(404, "not_found", "Verificação não encontrada.");
    const detail = toDetail(await getVerification(token, params.id, request.signal));
    return NextResponse.json(detail, { headers: { "cache-control": "no-store" } });
  },
  { notFoundMessage: "Verificação não encontrada." },
);
