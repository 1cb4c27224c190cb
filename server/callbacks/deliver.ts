import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { ClientRequest } from "node:http";
import { request } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { rootCertificates } from "node:tls";
import { type AllowList, isAllowListedHost, isRefusedAddress, normalizeHostname } from "./destination";
import { signCallback } from "./sign";
import { isReservedHeaderName } from "./validate";

// One delivery attempt of a callback. The caller (the delivery job) owns the schedule: it calls
// this, then stops on "delivered" / "gone" / "refused", or asks nextRetryDelay() on "retry".

/** Seconds to wait after failed attempt n (index n-1): about 3 days in total (architecture.md). */
export const CALLBACK_RETRY_SCHEDULE_SECONDS: readonly number[] = [30, 120, 600, 1800, 3600, 10800, 21600, 43200, 86400, 86400];

/**
 * Delay in seconds before the next attempt, after `attempt` (1 = the first delivery) failed;
 * null when the schedule is exhausted and the callback is abandoned.
 */
export function nextRetryDelay(attempt: number, schedule: readonly number[] = CALLBACK_RETRY_SCHEDULE_SECONDS): number | null {
  if (!Number.isInteger(attempt) || attempt < 1) throw new Error("attempt must be an integer >= 1");
  return schedule[attempt - 1] ?? null;
}

export const CALLBACK_USER_AGENT = "Lupa-Callbacks/1.0";

export interface DeliverCallbackInput {
  url: string;
  /** POST (default; v3 always) or PUT (a v2 callback may ask for it). */
  method?: "POST" | "PUT";
  headers: Record<string, string>;
  body: string;
  secretHex: string;
  timeoutMs?: number;
  allowList: AllowList;
  /** Extra trusted CA (PEM), added to the default roots; for tests with a self-signed receiver. */
  ca?: string;
  /** Milliseconds since the epoch; the signed timestamp is derived from it. */
  now?: number;
}

export interface DeliveryResult {
  outcome: "delivered" | "retry" | "gone" | "refused";
  status?: number;
  /** Short diagnostic (error code or reason); never contains the URL, headers or body. */
  error?: string;
}

/** Error code of a connection refused by guardedLookup (also used by server/images/fetch.ts). */
export const REFUSED_DESTINATION_CODE = "ERR_LUPA_REFUSED_DESTINATION";
const REFUSED_CODE = REFUSED_DESTINATION_CODE;

// async so a bad secret (a configuration error) surfaces as a rejection, not a sync throw.
export async function deliverCallback(input: DeliverCallbackInput): Promise<DeliveryResult> {
  const { body, secretHex, allowList, timeoutMs = 10_000 } = input;
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return { outcome: "refused", error: "invalid_url" };
  }
  if (url.protocol !== "https:") return { outcome: "refused", error: "not_https" };
  const host = normalizeHostname(url.hostname);
  const hostAllowed = isAllowListedHost(allowList, host);
  // An IP literal never goes through `lookup`, so it is checked here; names are checked after
  // resolution, which also defeats a name that was public at validation and private now.
  if (!hostAllowed && isIP(host) && isRefusedAddress(host, allowList)) {
    return { outcome: "refused", error: "refused_destination" };
  }

  const timestamp = Math.floor((input.now ?? Date.now()) / 1000);
  const headers: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(input.headers)) {
    if (!isReservedHeaderName(name)) headers[name] = value; // defence in depth: validated at creation
  }
  Object.assign(headers, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    "User-Agent": CALLBACK_USER_AGENT,
    "X-Service-Timestamp": String(timestamp),
    "X-Service-Signature": signCallback(secretHex, timestamp, body),
  });

  return new Promise((resolve) => {
    let req: ClientRequest;
    try {
      req = request(url, {
        method: input.method ?? "POST",
        headers,
        agent: false, // no pooled sockets: each attempt resolves and checks the destination afresh
        lookup: hostAllowed ? undefined : guardedLookup(allowList),
        ca: input.ca ? [...rootCertificates, input.ca] : undefined,
      });
    } catch {
      // Node refuses the request itself (for example a header value it rejects): retrying the
      // same request would fail the same way.
      return resolve({ outcome: "refused", error: "invalid_request" });
    }
    let settled = false;
    // Total deadline (connect + TLS + response headers); socket idle timeouts would not bound it.
    const timer = setTimeout(() => {
      settle({ outcome: "retry", error: "timeout" });
      req.destroy();
    }, timeoutMs);
    const settle = (result: DeliveryResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      res.on("error", () => {});
      // The status is all a delivery needs: the receiver's body is never read (a cap of zero
      // bytes) and the socket is closed at once, so a receiver that never ends its body cannot
      // hold a socket, memory or a worker (each attempt has its own socket: agent false).
      res.destroy();
      req.destroy();
      if (status >= 200 && status < 300) settle({ outcome: "delivered", status });
      else if (status === 410) settle({ outcome: "gone", status });
      else if (status >= 300 && status < 400) settle({ outcome: "retry", status, error: "redirect_not_followed" });
      else settle({ outcome: "retry", status, error: `http_${status}` });
    });
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === REFUSED_CODE) settle({ outcome: "refused", error: "refused_destination" });
      else settle({ outcome: "retry", error: err.code ?? "network_error" });
    });
    req.end(body);
  });
}

/** dns.lookup that fails when any resolved address is refused (no mixing public and private). */
export function guardedLookup(allowList: AllowList): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, "");
      if (addresses.length === 0 || addresses.some((a) => isRefusedAddress(a.address, allowList))) {
        const refused: NodeJS.ErrnoException = new Error("callback destination refused");
        refused.code = REFUSED_CODE;
        return callback(refused, "");
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
