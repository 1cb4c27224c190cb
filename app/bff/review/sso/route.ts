import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { ApiError } from "@/lib/api/errors";
import { bffError } from "@/lib/bff/errors";
import { withAccessToken } from "@/lib/bff/with-access-token";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { SsoSettingsBody, type SsoSettings } from "@/lib/contract/sso";

// GET /bff/review/sso – the workspace's "Login único (SSO)" settings (admins; never the client secret).
// PUT /bff/review/sso – set them (admins); the API's codes become pt-BR messages here.
const MESSAGES: Record<string, string> = {
  invalid_sso_issuer: "O emissor deve ser uma URL https completa, sem parâmetros (ex.: https://login.suaempresa.com.br).",
  invalid_sso_domains: "Informe ao menos um domínio de e-mail válido (ex.: suaempresa.com.br), sem repetir.",
  invalid_sso_mapping: "Mapeie ao menos um grupo para um papel (admin, analista ou leitura), sem repetir grupos.",
  sso_domain_taken: "Um dos domínios já entra pelo login único de outro workspace.",
  invalid_sso_mfa:
    "Para exigir segundo fator do provedor, informe ao menos um valor de amr ou acr, sem espaços e sem repetir (ex.: mfa, otp, hwk).",
};

export const GET = withAccessToken(async (request, { token }) => {
  const settings = await reviewFetch<SsoSettings>("/sso", { token, signal: request.signal });
  return NextResponse.json(settings, { headers: { "cache-control": "no-store" } });
});

export const PUT = withMutation(
  async (request, { token }) => {
    const parsed = SsoSettingsBody.safeParse(await readJson(request));
    if (!parsed.success) {
      const where = parsed.error.issues[0]?.path.join(".") ?? "";
      if (where === "clientId") return bffError(400, "invalid_request", "Informe o client ID.");
      if (where === "groupsClaim") return bffError(400, "invalid_request", "O nome da claim de grupos aceita letras, números e _ : / . -");
      if (where.startsWith("requireMfa"))
        return bffError(
          400,
          "invalid_request",
          "Segundo fator do provedor: até 20 valores de amr e 20 de acr, cada um curto (ex.: mfa, otp, hwk).",
        );
      return bffError(400, "invalid_request", `Configuração de login único inválida (${where || "corpo"}).`);
    }
    try {
      const settings = await reviewFetch<SsoSettings>("/sso", { method: "PUT", token, body: parsed.data });
      return NextResponse.json(settings, { headers: { "cache-control": "no-store" } });
    } catch (error) {
      if (error instanceof ApiError && MESSAGES[error.code]) return bffError(error.status, error.code, MESSAGES[error.code]!);
      if (error instanceof ApiError && error.code === "invalid_body" && /clientSecret/.test(error.message))
        return bffError(400, "invalid_request", "Informe o client secret (na primeira configuração ele é obrigatório).");
      throw error;
    }
  },
  { messages: { 400: "A configuração de login único não foi aceita: confira os valores.", 403: "Só um admin altera o login único." } },
);
