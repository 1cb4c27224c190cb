// A real OpenID provider (oidc-provider) on loopback for the SSO tests and the e2e suite: one
// confidential client (client_secret_basic, PKCE required), people with e-mails and groups (the
// groups claim rides in the ID token), the provider's own login form (dev interactions: the login
// field is the person's e-mail, any password), consent granted for the client.
//
// Switchable misbehaviour (`provider.misbehave(...)`): the ID token that leaves the token endpoint
// is replaced by one re-signed with a wrong audience, a wrong nonce, an expiry in the past, or the
// right claims signed by a key that is not in the provider's JWKS (same kid); for the SSO step-up,
// without auth_time or with an auth_time an hour old. `provider.authContext(...)` sets the ID
// token's `amr` and `acr` (or removes them: the dev login form says nothing of how the person
// authenticated) for the workspace's MFA requirement (server/sso/mfa-claims.ts). oidc-provider has no
// switch for these, so a middleware in front of its token endpoint intercepts the answer and signs
// the altered token with jose (with the provider's own private key, except for unknown_key).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, type JWK } from "jose";

export type Misbehaviour = "none" | "wrong_audience" | "wrong_nonce" | "expired" | "unknown_key" | "no_auth_time" | "old_auth_time";

export interface TestPerson {
  email: string;
  name?: string;
  groups: string[];
  emailVerified?: boolean;
}

export interface AuthContext {
  amr?: string[];
  acr?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces a person (by e-mail): a change of groups counts from the next sign-in. */
  setPerson(person: TestPerson): void;
  misbehave(mode: Misbehaviour): void;
  /** The ID token's amr and acr from now on (null: as the provider issues them, with neither). */
  authContext(context: AuthContext | null): void;
  /** Walks the provider's login form over HTTP as a browser would; answers the query sent back to the redirect URI. */
  signIn(authorizationUrl: string, email: string): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export async function startOidcProvider(options: {
  redirectUris: string[];
  people?: TestPerson[];
  port?: number;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestProvider> {
  const clientId = options.clientId ?? "lupa-test";
  const clientSecret = options.clientSecret ?? "lupa-test-client-secret-0123456789";
  const people = new Map<string, TestPerson>();
  for (const p of options.people ?? []) people.set(p.email.toLowerCase(), p);
  let mode: Misbehaviour = "none";
  let context: AuthContext | null = null;

  const own = await generateKeyPair("RS256", { extractable: true });
  const stranger = await generateKeyPair("RS256", { extractable: true });
  const kid = "lupa-test-key";
  const privateJwk: JWK = { ...(await exportJWK(own.privateKey)), kid, alg: "RS256", use: "sig" };

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [privateJwk] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ["lupa-test-provider-cookie-key"] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      const person = people.get(sub.toLowerCase());
      if (!person) return undefined;
      return {
        accountId: sub,
        async claims() {
          const now = people.get(sub.toLowerCase()) ?? person;
          return { sub, email: now.email, email_verified: now.emailVerified ?? true, name: now.name ?? now.email, groups: now.groups };
        },
      };
    },
    // the client is first-party: consent is given once the person has signed in
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  provider.on("server_error", () => {});

  // the interception of the token endpoint's answer (see the header)
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if ((mode === "none" && !context) || ctx.path !== "/token" || ctx.status !== 200 || typeof body?.id_token !== "string") return;
    const claims = decodeJwt(body.id_token);
    const now = Math.floor(Date.now() / 1000);
    if (mode === "wrong_audience") claims.aud = "someone-else";
    if (mode === "wrong_nonce") claims.nonce = "not-the-nonce-of-this-sign-in";
    if (mode === "expired") Object.assign(claims, { iat: now - 3600, exp: now - 600 });
    // the step-up's checks (server/sso/step-up.ts): a provider that does not say, or says an old, authentication time
    if (mode === "no_auth_time") delete claims.auth_time;
    if (mode === "old_auth_time") claims.auth_time = now - 3600;
    if (context) {
      delete claims.amr;
      delete claims.acr;
      if (context.amr) claims.amr = context.amr;
      if (context.acr) claims.acr = context.acr;
    }
    const key = mode === "unknown_key" ? stranger.privateKey : own.privateKey;
    body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid, typ: "JWT" }).sign(key);
  });
  server.on("request", provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    setPerson: (person) => void people.set(person.email.toLowerCase(), person),
    misbehave: (next) => void (mode = next),
    authContext: (next) => void (context = next),
    signIn: (authorizationUrl, email) => walkLogin(authorizationUrl, email, options.redirectUris),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Follows redirects with a cookie jar and submits the login form with the e-mail, until the redirect URI. */
async function walkLogin(start: string, email: string, redirectUris: string[]): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  let url = start;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 12; step++) {
    const res = await fetch(url, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form,
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    form = undefined;
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (redirectUris.some((r) => next.href.startsWith(r))) return Object.fromEntries(next.searchParams);
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action || !prompt) throw new Error(`the provider answered ${res.status} at ${url}: ${html.slice(0, 300)}`);
    url = new URL(action.replaceAll("&amp;", "&"), url).href;
    form = new URLSearchParams(prompt === "login" ? { prompt, login: email, password: "any" } : { prompt });
  }
  throw new Error("the provider's login did not end at the redirect URI");
}
