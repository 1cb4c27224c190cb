// Where to go after signing in: only a path of this console, never another origin or /login.

export const DEFAULT_AFTER_SIGN_IN = "/overview";

export function safeCallbackUrl(value: string | null | undefined, origin?: string): string {
  if (!value) return DEFAULT_AFTER_SIGN_IN;
  let path = value;
  if (origin && path.startsWith(origin)) path = path.slice(origin.length) || "/";
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return DEFAULT_AFTER_SIGN_IN;
  if (path === "/login" || path.startsWith("/login?") || path.startsWith("/api/auth")) return DEFAULT_AFTER_SIGN_IN;
  return path;
}
