// The console's sign-in from the browser (issue 20, item 12), without next-auth/react's signIn():
// that one asks GET /api/auth/providers and GET /api/auth/csrf one after the other after the
// click, before it posts the credentials, and GET /api/auth/session after them, each a round trip
// through the console on the way to the first page. Here the CSRF token is fetched while the form
// is being filled (csrfToken()), and the click posts the credentials to next-auth's own callback
// at once, with the same fields and the same answer next-auth's signIn() uses. The password hash
// on the service (scrypt, N = 2^17) is unchanged.

/** The CSRF token of next-auth's double-submit check (its cookie is set by the same answer); null when it cannot be had. */
export async function fetchCsrfToken(): Promise<string | null> {
  try {
    const res = await fetch("/api/auth/csrf", { credentials: "same-origin", cache: "no-store" });
    if (!res.ok) return null;
    const body = (await res.json()) as { csrfToken?: unknown };
    return typeof body.csrfToken === "string" ? body.csrfToken : null;
  } catch {
    return null;
  }
}

export type SignInResult = { ok: true } | { ok: false; error: string };

/**
 * Posts the credentials to /api/auth/callback/credentials (`json: true`: next-auth answers the URL
 * it would redirect to, with `?error=` on failure). `csrf` is the token fetched beforehand; when
 * it is missing or refused, one new token is fetched and the post made again.
 */
export async function signInWithCredentials(
  fields: { email: string; password: string; callbackUrl: string },
  csrf: string | null,
): Promise<SignInResult> {
  const post = async (token: string) => {
    const res = await fetch("/api/auth/callback/credentials", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...fields, csrfToken: token, json: "true" }),
    });
    const body = (await res.json().catch(() => ({}))) as { url?: unknown };
    const url = typeof body.url === "string" ? new URL(body.url, window.location.origin) : null;
    return { res, url, error: url?.searchParams.get("error") ?? null };
  };
  let token = csrf ?? (await fetchCsrfToken());
  if (!token) return { ok: false, error: "ServiceUnavailable" };
  let answer = await post(token);
  // a stale token (its cookie gone or replaced): next-auth answers with its sign-in page and a
  // `csrf=true` mark, without checking the credentials
  if (!answer.error && answer.url?.searchParams.get("csrf") === "true") {
    token = await fetchCsrfToken();
    if (!token) return { ok: false, error: "ServiceUnavailable" };
    answer = await post(token);
  }
  if (answer.error) return { ok: false, error: answer.error };
  if (!answer.res.ok || !answer.url || answer.url.searchParams.get("csrf") === "true") return { ok: false, error: "ServiceUnavailable" };
  return { ok: true };
}
