import type { NextConfig } from "next";
import { STATIC_SECURITY_HEADERS } from "./lib/security/headers";

// The console only. The service (server/) is never imported by app code, so the build does not
// bundle it, and the build type-checks the console's files only (tsconfig.web.json): the service,
// tests and benchmarks cannot break the console's build. `npm run typecheck` covers everything.
// `next build` no longer runs ESLint (Next 16): lint runs through `npm run lint`.
const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  typescript: { tsconfigPath: "tsconfig.web.json" },
  async headers() {
    return [
      {
        source: "/:path*",
        // Content-Security-Policy (with a per-request nonce) and HSTS come from proxy.ts
        headers: [...STATIC_SECURITY_HEADERS],
      },
    ];
  },
};

export default nextConfig;
