import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { createEnrichment } from "@/lib/api/enrichments";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { checkCreateInput } from "@/lib/enrichments/create-input";
import { parseEnrichmentFilters } from "@/lib/enrichments/filters";
import { InvalidDocumentFilter, isFinished, readEnrichmentPage } from "@/lib/enrichments/read";
import { toDetail } from "@/lib/enrichments/view";
import { v3ErrorMessage } from "@/lib/enrichments/errors";

// GET  /bff/enrichments – the list page (filters of the URL, cursor, module progress per row).
// POST /bff/enrichments – creates one enrichment with the synchronous wait. The Idempotency-Key
//   derives from the form's submission key, so a double click (or the form's "peek" while
//   waiting) is the same request: one enrichment, billed once. `?peek=1` answers within 2 s with
//   the id as soon as the enrichment exists, for the module progress during the wait.

export const GET = withAccessToken(async (request, { token }) => {
  try {
    const page = await readEnrichmentPage(token, parseEnrichmentFilters(request.nextUrl.searchParams), request.signal);
    return NextResponse.json(page, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    if (error instanceof InvalidDocumentFilter)
      return bffError(400, "invalid_document", "O documento do filtro não é um CPF ou CNPJ válido.");
    if (error instanceof ApiError && error.status === 400) return bffError(400, error.code, v3ErrorMessage(error.code));
    throw error;
  }
});

export const POST = withMutation(async (request, { token }) => {
  let form: unknown = null; // a body that is not JSON gets the form's field errors
  try {
    form = await readJson(request);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 400)) throw error;
  }
  const checked = checkCreateInput(form);
  if ("errors" in checked)
    return NextResponse.json(
      { error: { code: "invalid_form", message: "Confira os campos destacados.", fields: checked.errors } },
      { status: 400 },
    );
  const { input } = checked;
  const peek = request.nextUrl.searchParams.get("peek") === "1";
  const body = {
    document: input.document,
    profileId: input.profileId,
    ...(Object.keys(input.metadata).length ? { metadata: input.metadata } : {}),
    ...(input.deadline ? { options: { deadline: input.deadline } } : {}),
  };
  try {
    const answer = await createEnrichment(token, body, `lupa-console-${input.submissionKey}`, peek ? 2_000 : 35_000);
    if (answer.status === 200 && isFinished(answer.body)) {
      return NextResponse.json({ id: answer.body.id, finished: true, enrichment: toDetail(answer.body, null) });
    }
    return NextResponse.json({ id: answer.body.id, finished: false, status: answer.body.status }, { status: 202 });
  } catch (error) {
    if (peek && error instanceof ApiError && error.code === "service_unavailable")
      return NextResponse.json({ pending: true }, { status: 202 });
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
      return bffError(error.status, error.code, v3ErrorMessage(error.code));
    }
    throw error;
  }
});
