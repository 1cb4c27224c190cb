// Error codes that authorize() raises and the login form turns into messages. Kept apart from
// options.ts so the browser bundle can import them without pulling in the server code.

export const SIGN_IN_ERRORS = {
  rateLimited: "RateLimited",
  unavailable: "ServiceUnavailable",
  /** The demo password, refused from beyond the service's machine. */
  demoPassword: "DemoPasswordRefused",
  /** The workspace's SSO turned password sign-in off. */
  passwordDisabled: "PasswordDisabled",
} as const;

/** The refusals of an SSO sign-in (the API's codes, passed in ?error= by /api/auth/sso/callback). */
const SSO_MESSAGES: Record<string, string> = {
  sso_no_role:
    "Acesso recusado: nenhum dos seus grupos no provedor de identidade dá acesso a este workspace do Lupa. Peça ao administrador do Lupa para incluir você em um grupo autorizado.",
  sso_domain_not_allowed:
    "Acesso recusado: o e-mail com que você entrou no provedor de identidade não é de um domínio autorizado neste workspace.",
  sso_email_unverified: "Acesso recusado: o provedor de identidade não confirma que seu e-mail foi verificado.",
  sso_account_conflict: "Acesso recusado: este e-mail já pertence a outra conta do Lupa. Fale com o administrador.",
  sso_user_disabled: "Acesso recusado: sua conta no Lupa está desativada. Fale com o administrador.",
  sso_mfa_required:
    "Acesso recusado: este workspace exige segundo fator no provedor de identidade, e o provedor não confirmou que você o usou. Entre de novo no provedor usando o segundo fator (ou peça ao administrador do provedor para ativá-lo).",
  sso_token_invalid:
    "Não foi possível confirmar sua identidade: a resposta do provedor de identidade não passou nas verificações. Tente de novo; se persistir, avise o administrador.",
  sso_state_invalid: "Este login único expirou ou já foi usado. Comece de novo.",
  sso_not_available: "O login único não está disponível para este e-mail.",
  sso_provider_error: "O provedor de identidade não respondeu ou recusou a entrada. Tente novamente em instantes.",
};

/** An SSO refusal (shown as "Acesso recusado" on the sign-in page), not a plain error. */
export function isSsoRefusal(code: string | null | undefined): boolean {
  return Boolean(code && code.startsWith("sso_") && code in SSO_MESSAGES);
}

export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  if (code === "CredentialsSignin") return "E-mail ou senha incorretos.";
  if (code === SIGN_IN_ERRORS.rateLimited) return "Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.";
  if (code === SIGN_IN_ERRORS.demoPassword) return "A senha das contas de demonstração só vale a partir da máquina onde o serviço roda.";
  if (code === "SessionExpired") return "Sua sessão expirou. Entre novamente.";
  if (code === SIGN_IN_ERRORS.passwordDisabled) return "Este workspace usa login único: entre com SSO.";
  if (Object.hasOwn(SSO_MESSAGES, code)) return SSO_MESSAGES[code]!;
  return "Serviço indisponível no momento. Tente novamente em instantes.";
}
