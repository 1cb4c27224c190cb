import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { clearSessionCookie } from "@/lib/auth/session-cookie";

// One translator from API failures to the BFF's answers: {error: {code, message}} with messages
// for analysts (pt-BR). Unknown failures never leak their message.

export interface BffErrorBody {
  error: { code: string; message: string };
}

const MESSAGES: Record<number, [string, string]> = {
  400: ["invalid_request", "Parâmetros inválidos."],
  401: ["unauthorized", "Sessão expirada. Entre novamente."],
  403: ["forbidden", "Seu papel não permite esta ação."],
  404: ["not_found", "Recurso não encontrado."],
  409: ["conflict", "A operação conflita com o estado atual. Recarregue a página e tente novamente."],
  413: ["payload_too_large", "O conteúdo enviado é grande demais."],
  429: ["rate_limited", "Muitas requisições. Aguarde alguns segundos e tente novamente."],
};

export function bffError(status: number, code: string, message: string): NextResponse<BffErrorBody> {
  return NextResponse.json({ error: { code, message } }, { status, headers: { "cache-control": "no-store" } });
}

// The second factor and step-up (issue 34): these keep their code, so the browser can ask for the
// password and code (lib/query/step-up.ts) and repeat the act; their 401s keep the session.
const AUTH_MESSAGES: Record<string, string> = {
  reauthentication_required: "Confirme sua identidade para continuar.",
  second_factor_required: "Confirme o segundo fator para continuar.",
  invalid_code: "Código incorreto, expirado ou já usado.",
  invalid_password: "Senha incorreta.",
  too_many_attempts: "Muitas tentativas erradas. Aguarde 15 minutos e tente novamente.",
  factor_exists: "Já existe um segundo fator ativo.",
  no_factor: "Não há segundo fator ativo.",
};

export function toBffErrorResponse(request: NextRequest, error: unknown, notFoundMessage?: string): NextResponse<BffErrorBody> {
  if (error instanceof ApiError && AUTH_MESSAGES[error.code]) return bffError(error.status, error.code, AUTH_MESSAGES[error.code]!);
  if (error instanceof ApiError && MESSAGES[error.status]) {
    const [code, message] = MESSAGES[error.status];
    const response = bffError(error.status, code, error.status === 404 && notFoundMessage ? notFoundMessage : message);
    // The API refused the token although proxy.ts just checked it (revoked, or a new API secret):
    // drop the session so the next page load signs in again.
    if (error.status === 401) clearSessionCookie(request, response);
    return response;
  }
  if (!(error instanceof ApiError)) console.error("[bff] unexpected error", error);
  return bffError(502, "service_unavailable", "Serviço indisponível no momento. Tente novamente em instantes.");
}
