// The SSO contract's plain values (no zod: the console's browser code imports them; lib/contract/sso.ts has the schemas).

/** The roles a group may give (an integration account never signs in through a person's provider). */
export const SSO_ROLES = ["admin", "analyst", "viewer"] as const;
export type SsoRole = (typeof SSO_ROLES)[number];

/** Where the console receives the provider's answer (register `<console origin>` + this at the provider). */
export const SSO_CALLBACK_PATH = "/api/auth/sso/callback";

/** v1's message when the workspace's SSO turned password sign-in off (the console words it in pt-BR). */
export const PASSWORD_SIGN_IN_DISABLED = "Password sign-in is disabled for this workspace; sign in with SSO";
