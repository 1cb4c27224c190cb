// The service as the OpenID Connect relying party (openid-client): discovery of the workspace's
// provider, the authorization URL (authorization code with PKCE S256, state and nonce), and the
// code exchange. openid-client checks the ID token's claims but, for a token received from the
// token endpoint, not its signature; so the ID token is verified again here, explicitly, with
// jose against the provider's JWKS: signature (asymmetric algorithms only), issuer, audience,
// expiry and nonce. Either check failing refuses the sign-in (sso_token_invalid).
import * as oidc from "openid-client";
import { createRemoteJWKSet, jwtVerify, errors as joseErrors, type JWTPayload } from "jose";
import { createHash } from "node:crypto";
import { ApiError } from "../http/errors";

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowHttp: boolean;
}

const DISCOVERY_TTL_MS = 5 * 60_000;
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];

const configurations = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function cacheKey(p: ProviderSettings): string {
  return createHash("sha256")
    .update(JSON.stringify([p.issuer, p.clientId, p.clientSecret, p.allowHttp]))
    .digest("hex");
}

/** The provider's discovered configuration, kept 5 minutes (a failure is not kept). */
export function configurationOf(p: ProviderSettings): Promise<oidc.Configuration> {
  const key = cacheKey(p);
  const hit = configurations.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const config = oidc.discovery(new URL(p.issuer), p.clientId, undefined, oidc.ClientSecretBasic(p.clientSecret), {
    execute: p.allowHttp ? [oidc.allowInsecureRequests] : [],
    timeout: 10,
  });
  if (configurations.size > 100) configurations.clear();
  configurations.set(key, { at: Date.now(), config });
  config.catch(() => configurations.delete(key));
  return config;
}

function keySetOf(jwksUri: string) {
  let set = keySets.get(jwksUri);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 10_000, cooldownDuration: 30_000 });
    if (keySets.size > 100) keySets.clear();
    keySets.set(jwksUri, set);
  }
  return set;
}

export interface AuthorizationStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The provider's authorization URL for a sign-in, or for a step-up (`stepUp`: `max_age=0` and
 * `prompt=login`, the provider must authenticate the person again; the nonce given is the one
 * that binds the step-up to its session, ./step-up.ts).
 */
export async function startAuthorization(
  p: ProviderSettings,
  redirectUri: string,
  loginHint: string,
  stepUp?: { nonce: string },
): Promise<AuthorizationStart> {
  const config = await reachable(() => configurationOf(p));
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = stepUp?.nonce ?? oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
    login_hint: loginHint,
    ...(stepUp ? { max_age: "0", prompt: "login" } : {}),
  });
  return { url: url.href, state, nonce, codeVerifier };
}

export interface ProviderAnswer {
  state: string;
  code?: string;
  iss?: string;
  error?: string;
  errorDescription?: string;
}

/** Exchanges the code and answers the ID token's verified claims. */
export async function finishAuthorization(
  p: ProviderSettings,
  login: { redirectUri: string; codeVerifier: string; nonce: string },
  answer: ProviderAnswer,
): Promise<JWTPayload> {
  const config = await reachable(() => configurationOf(p));
  const current = new URL(login.redirectUri);
  const params: Record<string, string | undefined> = {
    state: answer.state,
    code: answer.code,
    iss: answer.iss,
    error: answer.error,
    error_description: answer.errorDescription,
  };
  for (const [name, value] of Object.entries(params)) if (value !== undefined) current.searchParams.set(name, value);
  let idToken: string | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: answer.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    idToken = tokens.id_token;
  } catch (error) {
    throw translate(error);
  }
  if (!idToken) throw new ApiError("sso_token_invalid", "the provider answered no ID token");
  const metadata = config.serverMetadata();
  if (!metadata.jwks_uri) throw new ApiError("sso_provider_error", "the provider publishes no JWKS");
  try {
    const { payload } = await jwtVerify(idToken, keySetOf(metadata.jwks_uri), {
      issuer: metadata.issuer,
      audience: p.clientId,
      algorithms: ALGORITHMS,
      requiredClaims: ["sub", "exp", "iat", "nonce"],
      clockTolerance: 30,
    });
    if (payload.nonce !== login.nonce) throw new ApiError("sso_token_invalid", "the ID token's nonce is not this sign-in's");
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== p.clientId)
      throw new ApiError("sso_token_invalid", "the ID token's azp is not this client");
    return payload;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout))
      throw new ApiError("sso_token_invalid", `ID token refused: ${error.code}`);
    throw new ApiError("sso_provider_error", "the provider's keys could not be read");
  }
}

async function reachable<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new ApiError("sso_provider_error", `the provider could not be reached or described (${codeOf(error) ?? "network"})`);
  }
}

function codeOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === "string" ? code : undefined;
}

/** openid-client's failures: a token that fails a check is refused; anything else is the provider's. */
function translate(error: unknown): ApiError {
  const code = codeOf(error) ?? "";
  if (code.startsWith("OAUTH_JWT_") || code === "OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED" || code === "OAUTH_KEY_SELECTION_FAILED")
    return new ApiError("sso_token_invalid", `ID token refused: ${code}`);
  if (code === "OAUTH_AUTHORIZATION_RESPONSE_ERROR") return new ApiError("sso_provider_error", "the provider refused the sign-in");
  return new ApiError("sso_provider_error", `the code exchange failed${code ? ` (${code})` : ""}`);
}
