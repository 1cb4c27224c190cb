import "server-only";
import type { NextRequest } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { bffError } from "./errors";
import { sameOrigin } from "./origin";
import { BodyTooLarge, readText } from "./read-body";
import { withAccessToken, type BffContext } from "./with-access-token";

// Route wrapper of the BFF's mutations: the Origin header must be this console's own origin
// (./origin.ts: LUPA_PUBLIC_URL, or the Host; a cross-site form or script cannot act with the
// analyst's cookie), then the session's token is
// resolved and API failures become pt-BR messages. `messages` gives the route's own wording per
// status (409: "já está na lista"); the rest falls back to the shared translator.

export type MutationMessages = Partial<Record<number, string>>;

export function withMutation<P = Record<string, never>>(
  handler: (request: NextRequest, context: BffContext<P>) => Promise<Response>,
  options: { messages?: MutationMessages; notFoundMessage?: string } = {},
) {
  const inner = withAccessToken<P>(
    async (request, context) => {
      try {
        return await handler(request, context);
      } catch (error) {
        const message = error instanceof ApiError ? options.messages?.[error.status] : undefined;
        if (error instanceof ApiError && message) return bffError(error.status, error.code, message);
        throw error;
      }
    },
    { notFoundMessage: options.notFoundMessage },
  );
  return async (request: NextRequest, route: { params: Promise<P> }): Promise<Response> => {
    if (!sameOrigin(request))
      return bffError(403, "forbidden_origin", "Requisição recusada: origem não permitida. Recarregue a página e tente novamente.");
    return inner(request, route);
  };
}

/** Largest JSON body of a mutation (a decision, a list entry, an enrichment's form). */
export const MAX_JSON_BODY = 256 * 1024;

/**
 * Reads a JSON body of at most `maxBytes`, counted while reading; a body that is not JSON is a
 * 400 the handler never sees, a larger one a 413.
 */
export async function readJson(request: NextRequest, maxBytes = MAX_JSON_BODY): Promise<unknown> {
  let text: string;
  try {
    text = await readText(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new ApiError(413, "payload_too_large", error.message);
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, "invalid_request", "body is not JSON");
  }
}
