// The SSO room's review routes (issue 34, item 1; docs/security.md "Login único (SSO)"),
// registered through server/rooms.ts:
// GET    /api/review/v1/sso            – the workspace's settings, without the client secret (admins)
// PUT    /api/review/v1/sso            – set them (admins); records sso.settings_changed
// DELETE /api/review/v1/sso            – remove them (admins)
// POST   /api/review/v1/sso/discover   – public: whether SSO is offered for an e-mail's domain
// POST   /api/review/v1/sso/authorize  – public: start a sign-in, answers the provider's URL
// POST   /api/review/v1/sso/callback   – public: finish it with the provider's answer, answers a token pair
// POST   /api/review/v1/sso/step-up/start  – the caller's step-up through the provider (max_age=0): its URL
// POST   /api/review/v1/sso/step-up/finish – the provider's answer renews the session's freshness (./step-up.ts)
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../context";
import { route } from "../http/route";
import { notFound } from "../http/errors";
import { V3ErrorBody } from "../../lib/contract/error-bodies";
import { TokenPair } from "../../lib/contract/auth";
import {
  SsoAuthorization,
  SsoAuthorizeBody,
  SsoCallbackBody,
  SsoDiscoverBody,
  SsoDiscovery,
  SsoSettings,
  SsoSettingsBody,
  SsoStepUpStartBody,
} from "../../lib/contract/sso";
import { StepUpResult } from "../../lib/contract/mfa";
import { deleteSsoSettings, readSsoConfig, settingsOf, ssoConfigForEmail, writeSsoSettings } from "./settings";
import { beginSsoSignIn, finishSsoSignIn } from "./sign-in";
import { beginSsoStepUp, finishSsoStepUp } from "./step-up";

const tags = ["review sso"];

export function registerSsoRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/review/v1/sso",
    permission: "review:admin",
    tags,
    summary: "The workspace's single sign-on settings (admins)",
    description: "The client secret is never answered: clientSecretSet says whether one is stored. configured: false before the first PUT.",
    response: { 200: SsoSettings },
    handler: async ({ caller }) => settingsOf(await readSsoConfig(s.db, caller.workspaceId)),
  });

  route(app, {
    method: "PUT",
    url: "/api/review/v1/sso",
    permission: "review:admin",
    freshAuth: true, // step-up (issue 34 item 3; docs/security.md)
    tags,
    summary: "Set the workspace's single sign-on (admins)",
    description:
      "The whole setting. 400 invalid_sso_issuer (not an https URL, or with a query, fragment or credentials), invalid_sso_domains " +
      "(none, malformed or repeated), invalid_sso_mapping (none, an empty or repeated group, a role other than admin, analyst, viewer), " +
      "invalid_sso_mfa (requireMfa with no amr nor acr value, or a blank, spaced or repeated value); " +
      "409 sso_domain_taken when another workspace signs in that domain. clientSecret is required the first time (400 invalid_body) and " +
      "stored encrypted. Records sso.settings_changed (which fields changed; never the secret).",
    body: SsoSettingsBody,
    response: { 200: SsoSettings, 400: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ body, caller, request }) => {
      await writeSsoSettings(s.db, caller, body, {
        jwtSecret: s.config.jwtSecret,
        allowHttpIssuer: s.config.sso.allowHttpIssuer,
        requestId: request.id,
      });
      return settingsOf(await readSsoConfig(s.db, caller.workspaceId));
    },
  });

  route(app, {
    method: "DELETE",
    url: "/api/review/v1/sso",
    permission: "review:admin",
    freshAuth: true, // step-up (issue 34 item 3; docs/security.md)
    tags,
    summary: "Remove the workspace's single sign-on (admins)",
    description: "People created by SSO stay, with no password. Records sso.settings_changed ({deleted: true}). 404 when none is set.",
    status: 204,
    response: { 204: z.null(), 404: V3ErrorBody },
    handler: async ({ caller, request, reply }) => {
      if (!(await deleteSsoSettings(s.db, caller, request.id))) throw notFound("sso settings");
      return reply.status(204).send();
    },
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/sso/discover",
    public: true,
    tags,
    summary: "Whether single sign-on is offered for an e-mail's domain (public)",
    description:
      "Answers from the domain only, the same for every address of it, known to Lupa or not: {sso, passwordAllowed}. A domain without SSO " +
      "answers {sso: false, passwordAllowed: true}.",
    body: SsoDiscoverBody,
    response: { 200: SsoDiscovery, 400: V3ErrorBody },
    handler: async ({ body }) => {
      const found = await ssoConfigForEmail(s.db, body.email);
      if (!found || !found.row.enabled) return { sso: false, passwordAllowed: true };
      return { sso: true, passwordAllowed: found.row.passwordAllowed };
    },
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/sso/authorize",
    public: true,
    tags,
    summary: "Start a single sign-on (public)",
    description:
      "Keeps the sign-in server-side (the state's hash, the PKCE verifier, the nonce; 10 minutes, used once) and answers the provider's " +
      "authorization URL (code flow, PKCE S256). 404 sso_not_available for a domain without SSO; 502 sso_provider_error when the provider " +
      "cannot be reached.",
    body: SsoAuthorizeBody,
    response: { 200: SsoAuthorization, 400: V3ErrorBody, 404: V3ErrorBody, 502: V3ErrorBody },
    handler: async ({ body }) => beginSsoSignIn(s, body.email, body.redirectUri),
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/sso/callback",
    public: true,
    tags,
    summary: "Finish a single sign-on with the provider's answer (public)",
    description:
      "{state, code, iss} as the provider sent them to the redirect URI. Exchanges the code, verifies the ID token against the provider's JWKS " +
      "(signature, issuer, audience, expiry, nonce), then answers a token pair like POST /api/v1/authentication. Refusals, each recorded as " +
      "sso.sign_in_refused: 400 sso_state_invalid (unknown, expired or used), 401 sso_token_invalid, 403 sso_email_unverified, " +
      "sso_domain_not_allowed, sso_no_role, sso_user_disabled, sso_mfa_required (the workspace requires a second factor and the ID token's " +
      "amr/acr shows none of the listed values), 404 sso_not_available, 409 sso_account_conflict, 502 sso_provider_error.",
    body: SsoCallbackBody,
    response: {
      200: TokenPair,
      400: V3ErrorBody,
      401: V3ErrorBody,
      403: V3ErrorBody,
      404: V3ErrorBody,
      409: V3ErrorBody,
      502: V3ErrorBody,
    },
    handler: async ({ body, request }) =>
      finishSsoSignIn(s, body, request.id, { ip: request.ip, userAgent: request.headers["user-agent"] }),
  });

  // step-up for people who sign in by SSO (issue 34 item 3; ./step-up.ts)
  route(app, {
    method: "POST",
    url: "/api/review/v1/sso/step-up/start",
    permission: "review:read",
    tags,
    summary: "Start a step-up through the workspace's identity provider",
    description:
      "For a person bound to the workspace's SSO (who has no password): keeps the step-up server-side, bound to the caller's session, and " +
      "answers the provider's authorization URL with max_age=0 and prompt=login (the provider authenticates the person again). " +
      "404 sso_not_available for a password account or when the workspace's SSO is off; 502 sso_provider_error.",
    body: SsoStepUpStartBody,
    response: { 200: SsoAuthorization, 400: V3ErrorBody, 404: V3ErrorBody, 502: V3ErrorBody },
    handler: async ({ body, caller }) => beginSsoStepUp(s, caller, body.redirectUri),
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/sso/step-up/finish",
    permission: "review:read",
    tags,
    summary: "Finish a step-up with the provider's answer",
    description:
      "{state, code, iss} as the provider sent them, by the session that started the step-up. The ID token is verified as at the sign-in " +
      "(signature against the JWKS, issuer, audience, expiry, nonce); its auth_time must be present and not older than the step-up's start, " +
      "its subject the one bound to the caller. Then the session is fresh for LUPA_STEP_UP_SECONDS, recorded as step_up (method sso). " +
      "Refusals, each recorded as sso.sign_in_refused (step step_up): 400 sso_state_invalid (unknown, expired, used, or another session's), " +
      "401 sso_token_invalid (including no or an old auth_time), 403 sso_mfa_required (as at the sign-in), 404 sso_not_available, " +
      "409 sso_account_conflict (another subject), " +
      "502 sso_provider_error.",
    body: SsoCallbackBody,
    response: {
      200: StepUpResult,
      400: V3ErrorBody,
      401: V3ErrorBody,
      403: V3ErrorBody,
      404: V3ErrorBody,
      409: V3ErrorBody,
      502: V3ErrorBody,
    },
    handler: async ({ body, caller, request }) => finishSsoStepUp(s, caller, body, request.id),
  });
}
