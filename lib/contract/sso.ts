// Login único (SSO) by OpenID Connect, per workspace (issue 34, item 1; docs/security.md): the
// admins' settings and the sign-in routes of the review API (`/api/review/v1/sso`, v3 envelope).
// Shared by the service and the console.
import { z } from "zod";
import { SSO_CALLBACK_PATH, SSO_ROLES } from "./sso-values";

export { PASSWORD_SIGN_IN_DISABLED, SSO_CALLBACK_PATH, SSO_ROLES, SSO_STEP_UP_PARAM, type SsoRole } from "./sso-values";

export const SsoRoleRule = z.object({
  group: z.string().max(200).describe("A value of the groups claim"),
  role: z.string().max(20).describe("admin, analyst or viewer"),
});

/** The MFA an SSO sign-in's ID token must show (issue 34 item 2): one of the amr values, or an acr among the acr values. */
export const SsoMfaRequirement = z
  .object({
    amr: z
      .array(z.string().max(100))
      .max(20)
      .default([])
      .describe('Authentication method references (RFC 8176), e.g. "mfa", "otp", "hwk": the ID token\'s amr must hold one of them'),
    acr: z
      .array(z.string().max(200))
      .max(20)
      .default([])
      .describe("Authentication context class references the provider uses for MFA: the ID token's acr must be one of them"),
  })
  .strict();

/** PUT /sso: the whole setting. The issuer, the domains and the mapping are checked with their own codes. */
export const SsoSettingsBody = z
  .object({
    enabled: z.boolean(),
    issuer: z
      .string()
      .max(500)
      .describe("The provider's issuer URL (https); its discovery document is read from /.well-known/openid-configuration"),
    clientId: z.string().trim().min(1).max(200),
    clientSecret: z
      .string()
      .min(1)
      .max(1000)
      .optional()
      .describe("Write-only: stored encrypted and never answered back. Required the first time; absent keeps the stored one"),
    domains: z.array(z.string().max(253)).max(50).describe("E-mail domains that sign in through this provider (at least one)"),
    groupsClaim: z
      .string()
      .regex(/^[A-Za-z0-9_:/.-]{1,100}$/, "a claim name (letters, digits, _ : / . -); a dot reads a nested claim")
      .default("groups"),
    roleMapping: z.array(SsoRoleRule).max(100).describe("Group → role; a person with several mapped groups gets the highest role"),
    passwordAllowed: z
      .boolean()
      .describe("false: people of this workspace no longer sign in with a password (integration accounts still do)"),
    requireMfa: SsoMfaRequirement.nullable()
      .default(null)
      .describe(
        "null or absent: the provider alone decides how people authenticate. Set: an SSO sign-in or step-up is refused " +
          "(403 sso_mfa_required) unless the ID token's amr holds one of `amr` or its acr is one of `acr` (400 invalid_sso_mfa: " +
          "both lists empty, a blank, spaced or repeated value)",
      ),
  })
  .strict();
export type SsoSettingsBody = z.input<typeof SsoSettingsBody>;

export const SsoSettings = z.object({
  configured: z.boolean(),
  enabled: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean().describe("The secret itself is never answered"),
  domains: z.array(z.string()),
  groupsClaim: z.string(),
  roleMapping: z.array(z.object({ group: z.string(), role: z.enum(SSO_ROLES) })),
  passwordAllowed: z.boolean(),
  requireMfa: z
    .object({ amr: z.array(z.string()), acr: z.array(z.string()) })
    .nullable()
    .describe("null: the provider alone decides; set: the ID token must show one of these amr or acr values"),
  callbackPath: z.literal(SSO_CALLBACK_PATH).describe("Register the console's origin + this path as the redirect URI at the provider"),
  updatedAt: z.string().nullable(),
});
export type SsoSettings = z.infer<typeof SsoSettings>;

export const SsoDiscoverBody = z.object({ email: z.email().max(320) }).strict();
export const SsoDiscovery = z.object({
  sso: z.boolean().describe("Single sign-on is available for this e-mail's domain"),
  passwordAllowed: z.boolean(),
});
export type SsoDiscovery = z.infer<typeof SsoDiscovery>;

export const SsoAuthorizeBody = z
  .object({
    email: z.email().max(320),
    redirectUri: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .refine((u) => !u.includes("#"), "must not have a fragment")
      .describe("Where the provider sends the browser back (registered at the provider)"),
  })
  .strict();
export const SsoAuthorization = z.object({
  authorizationUrl: z.string().describe("Send the browser here"),
  expiresIn: z.number().int().describe("Seconds the sign-in stays open"),
});

export const SsoCallbackBody = z
  .object({
    state: z.string().min(1).max(500),
    code: z.string().min(1).max(4000).optional(),
    iss: z.string().max(500).optional(),
    error: z.string().max(200).optional(),
    errorDescription: z.string().max(1000).optional(),
  })
  .strict();
export type SsoCallbackBody = z.infer<typeof SsoCallbackBody>;

/** The refusals of a sign-in (error codes of POST /sso/callback), recorded as sso.sign_in_refused's reason. */
export const SSO_REFUSALS = [
  "sso_state_invalid",
  "sso_provider_error",
  "sso_token_invalid",
  "sso_email_unverified",
  "sso_domain_not_allowed",
  "sso_no_role",
  "sso_account_conflict",
  "sso_user_disabled",
  "sso_mfa_required",
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

/** POST /sso/step-up/start: the step-up of a person who signs in by SSO goes back to the provider (issue 34 item 3). */
export const SsoStepUpStartBody = z
  .object({
    redirectUri: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .refine((u) => !u.includes("#"), "must not have a fragment")
      .describe("Where the provider sends the browser back (the same registered callback as the sign-in's)"),
  })
  .strict();
export type SsoStepUpStartBody = z.infer<typeof SsoStepUpStartBody>;
