import "server-only";
import type { NextRequest } from "next/server";

/** Mutations of the enrichment pages come from the console's own pages: the Origin must be this host. */
export function isSameOrigin(request: NextRequest): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
