// The SSO contract's plain values (no zod: the console's browser code imports them; lib/contract/sso.ts has the schemas).

/** The roles a group may give (an integration account never signs in through a person's provider). */
export const SSO_ROLES = ["admin", "analyst", "viewer"] as const;
export type SsoRole = (typeof SSO_ROLES)[number];

/** Where the console receives the provider's answer (register `<console origin>` + this at the provider). */
export const SSO_CALLBACK_PATH = "/api/auth/sso/callback";

/** v1's message when the workspace's SSO turned password sign-in off (the console words it in pt-BR). */
export const PASSWORD_SIGN_IN_DISABLED = "Password sign-in is disabled for this workspace; sign in with SSO";

/** The reasons of sso.sign_in_refused (the callback's error codes), as the audit log shows them. */
export const SSO_REFUSAL_LABELS: Readonly<Record<string, string>> = {
  sso_state_invalid: "login expirado, desconhecido ou já usado",
  sso_provider_error: "falha ou recusa do provedor de identidade",
  sso_token_invalid: "ID token recusado (assinatura, emissor, audiência, validade ou nonce)",
  sso_email_unverified: "e-mail ausente ou não verificado",
  sso_domain_not_allowed: "domínio de e-mail não permitido",
  sso_no_role: "nenhum grupo dá papel no Lupa",
  sso_account_conflict: "e-mail ou identidade de outra conta",
  sso_user_disabled: "pessoa desativada no Lupa",
  sso_not_available: "login único desligado",
  sso_mfa_required: "o provedor não atestou segundo fator (amr/acr)",
};

export const ssoRefusalLabel = (reason: string) => SSO_REFUSAL_LABELS[reason] ?? reason;

/** The query parameter a page gets on its return from an SSO step-up: ok, or the refusal's code (components/auth/step-up-dialog.tsx). */
export const SSO_STEP_UP_PARAM = "sso_step_up";
