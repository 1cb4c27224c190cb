import type { NextConfig } from "next";
import { STATIC_SECURITY_HEADERS } from "./lib/security/headers";

// The console only. The service (server/) is never imported by app code, so the build does not
// bundle it, and the build type-checks the console's files only (tsconfig.web.json): the service,
// tests and benchmarks cannot break the console's build. `npm run typecheck` covers everything.
// `next build` no longer runs ESLint (Next 16): lint runs through `npm run lint`.
const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // npm test's console lane builds with LUPA_WEB_BUILD_TYPECHECK=0 when its static lane runs
  // `tsc` over the whole project anyway (the same files and more): 13 s of a 2-core CI run. The
  // console's start (scripts/start-web.mjs, npm start) builds with it too unless told otherwise:
  // the type check is CI's, not a newcomer's first start's (37 s of 237 s, issue 28 item 7).
  typescript: { tsconfigPath: "tsconfig.web.json", ignoreBuildErrors: process.env.LUPA_WEB_BUILD_TYPECHECK === "0" },
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
