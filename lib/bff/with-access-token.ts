import "server-only";
import type { NextRequest } from "next/server";
import { getAccessTokenFromRequest } from "@/lib/auth/access-token";
import { bffError, toBffErrorResponse } from "./errors";
import { crossSite } from "./origin";

// Route wrapper of the BFF: resolves the signed-in analyst's API token once, runs the handler,
// and translates any failure in one place.

export interface BffContext<P> {
  token: string;
  params: P;
}

export function withAccessToken<P = Record<string, never>>(
  handler: (request: NextRequest, context: BffContext<P>) => Promise<Response>,
  options: {
    notFoundMessage?: string;
    /** A GET the service records in the audit trail (an export, the PDF): refused when another site sends it (./origin.ts). */
    auditedRead?: true;
  } = {},
) {
  return async (request: NextRequest, route: { params: Promise<P> }): Promise<Response> => {
    if (options.auditedRead && crossSite(request))
      return bffError(
        403,
        "cross_site_request",
        "Download recusado: o pedido veio de outro site. Abra o console e baixe o arquivo por ele.",
      );
    const token = await getAccessTokenFromRequest(request);
    if (!token) return bffError(401, "unauthorized", "Sessão expirada. Entre novamente.");
    try {
      return await handler(request, { token, params: await route.params });
    } catch (error) {
      return toBffErrorResponse(request, error, options.notFoundMessage);
    }
  };
}
