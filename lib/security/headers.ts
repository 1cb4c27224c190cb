// Security headers of the console's pages (proxy.ts) and of everything it serves (next.config.ts).
// The Content-Security-Policy carries a fresh nonce per request: Next.js reads it from the
// request's Content-Security-Policy header and puts it on its own scripts, so only those run
// ('strict-dynamic' lets them load the chunks they import). Styles keep 'unsafe-inline': charts
// and the graph set style attributes, which a nonce cannot cover.

/** Headers that do not depend on the request (next.config.ts sets them on every response). */
export const STATIC_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), interest-cohort=(), browsing-topics=()",
  },
];

export const HSTS = "max-age=63072000; includeSubDomains";

export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

export function contentSecurityPolicy(nonce: string, options: { https: boolean; development: boolean }): string {
  const directives = [
    "default-src 'self'",
    // 'wasm-unsafe-eval': in-browser OCR and face models run WebAssembly; 'unsafe-eval' only in development (React's dev tooling)
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'wasm-unsafe-eval'${options.development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** The console is served over https: the request came in over https (directly or per the proxy in front), or its public URL is https. */
export function servedOverHttps(request: { nextUrl: { protocol: string }; headers: Headers }): boolean {
  if (request.nextUrl.protocol === "https:") return true;
  if (request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https") return true;
  return process.env.NEXTAUTH_URL?.startsWith("https://") ?? false;
}
