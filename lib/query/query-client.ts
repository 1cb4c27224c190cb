import { QueryCache, QueryClient } from "@tanstack/react-query";
import { isBffError } from "./bff-fetch";

// Query-client defaults, in one place for the server (prefetch) and the browser.

const NO_RETRY_STATUSES = [400, 401, 403, 404];

export function makeQueryClient(onUnauthorized?: () => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (onUnauthorized && isBffError(error, 401)) onUnauthorized();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failureCount, error) => !isBffError(error, ...NO_RETRY_STATUSES) && failureCount < 2,
      },
      // Dehydration keeps its default: only successful prefetches cross to the browser, where a
      // failed one is fetched again and shows its own error state.
    },
  });
}

/** Sends the analyst to the sign-in page when the BFF says the session is gone. */
function redirectToSignIn(): void {
  const { pathname, search, origin } = window.location;
  const url = new URL("/login", origin);
  url.searchParams.set("callbackUrl", `${pathname}${search}`);
  url.searchParams.set("error", "SessionExpired");
  window.location.assign(url.toString());
}

let browserQueryClient: QueryClient | undefined;

/** One client per browser tab; a fresh one per server request. */
export function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return makeQueryClient();
  browserQueryClient ??= makeQueryClient(redirectToSignIn);
  return browserQueryClient;
}
