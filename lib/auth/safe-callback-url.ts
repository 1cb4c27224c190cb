// Where to go after signing in: only a path of this console, never another origin or /login.
// The value is resolved against the console's origin as a browser would, and kept only when the
// result has that origin; control characters (a browser drops tabs and newlines from URLs, so
// "/\t/evil.com" would become "//evil.com") and backslashes (read as "/") are refused outright.
// What comes back is a path ("/..."), never a URL with a host.

export const DEFAULT_AFTER_SIGN_IN = "/overview";

/** Any origin works for resolving: only "same as it" matters. Used where the real one is unknown. */
const PLACEHOLDER_ORIGIN = "http://console.invalid";

// C0 and C1 control characters, DEL, backslash, and the invisible separators browsers may drop
// eslint-disable-next-line no-control-regex
const REFUSED = /[\u0000-\u001f\u007f-\u009f\\\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]/;
const MAX_LENGTH = 2048;

export function safeCallbackUrl(value: string | null | undefined, origin: string = PLACEHOLDER_ORIGIN): string {
  if (!value || value.length > MAX_LENGTH || REFUSED.test(value)) return DEFAULT_AFTER_SIGN_IN;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (url.origin !== base.origin || url.username || url.password) return DEFAULT_AFTER_SIGN_IN;
  // a value without a leading "/" is relative to the page (/login): only absolute paths or same-origin URLs
  if (
    !value.startsWith("/") &&
    !value.toLowerCase().startsWith(base.origin.toLowerCase() + "/") &&
    value.toLowerCase() !== base.origin.toLowerCase()
  ) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil.com" resolves to the path "//evil.com", which a browser reads as another host
  if (!path.startsWith("/") || path.startsWith("//")) return DEFAULT_AFTER_SIGN_IN;
  if (url.pathname === "/login" || url.pathname.startsWith("/login/") || url.pathname.startsWith("/api/auth")) return DEFAULT_AFTER_SIGN_IN;
  return path;
}
