// One attempt of one webhook delivery: the callbacks' sender rules (server/callbacks/deliver.ts:
// https only, refused destinations checked before the call and after DNS, no redirects followed,
// 10 s in all), with the webhooks' headers (Lupa-Signature, Idempotency-Key) and the first 1 KB of
// the answer kept for the delivery log.
import type { ClientRequest } from "node:http";
import { Agent, request } from "node:https";
import { isIP } from "node:net";
import { rootCertificates } from "node:tls";
import { type AllowList, isAllowListedHost, isRefusedAddress, normalizeHostname } from "../callbacks/destination";
import { guardedLookup, REFUSED_DESTINATION_CODE } from "../callbacks/deliver";
import { SIGNATURE_HEADER, webhookSignature } from "./sign";
import { WEBHOOK_RESPONSE_BYTES } from "../../lib/contract/webhooks";

export const WEBHOOK_USER_AGENT = "Lupa-Webhooks/1.0";

/**
 * Keep-alive agents of the delivery worker: a connection is checked when it is made (the guarded
 * lookup refuses a private address after DNS, as the callbacks' sender does), then reused for the
 * next deliveries to that host: a new TLS handshake per delivery costs more CPU than a thousand
 * deliveries a second leave. `allowListed` serves the allow-listed hostnames, resolved without the
 * guard (as the callbacks do).
 */
export interface WebhookAgents {
  guarded: Agent;
  allowListed: Agent;
}

export function webhookAgents(allowList: AllowList, ca?: string): WebhookAgents {
  const options = { keepAlive: true, maxSockets: 64, maxFreeSockets: 64, ca: ca ? [...rootCertificates, ca] : undefined };
  return { guarded: new Agent({ ...options, lookup: guardedLookup(allowList) }), allowListed: new Agent(options) };
}

/** Beyond this, an answer is not read to its end for the connection's reuse: the connection is closed. */
const DRAIN_LIMIT = 64 * 1024;

export interface SendInput {
  url: string;
  eventId: string;
  body: string;
  secrets: readonly string[];
  allowList: AllowList;
  ca?: string;
  timeoutMs?: number;
  now?: number;
  /** Keep-alive agents (webhookAgents); without them, one connection per attempt, as the callbacks. */
  agents?: WebhookAgents;
}

export interface SendResult {
  ok: boolean;
  status: number | null;
  /** Short diagnostic (an error code); never the URL or the body. */
  error: string | null;
  /** The first 1 KB of the answer (UTF-8, cut at a byte boundary). */
  response: string | null;
  durationMs: number;
  /** true: retrying cannot help (refused destination, invalid URL). */
  permanent?: boolean;
}

export async function sendWebhook(input: SendInput): Promise<SendResult> {
  const started = performance.now();
  const done = (r: Omit<SendResult, "durationMs">): SendResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return done({ ok: false, status: null, error: "invalid_url", response: null, permanent: true });
  }
  if (url.protocol !== "https:") return done({ ok: false, status: null, error: "not_https", response: null, permanent: true });
  const host = normalizeHostname(url.hostname);
  const hostAllowed = isAllowListedHost(input.allowList, host);
  if (!hostAllowed && isIP(host) && isRefusedAddress(host, input.allowList)) {
    return done({ ok: false, status: null, error: "refused_destination", response: null, permanent: true });
  }
  const timestamp = Math.floor((input.now ?? Date.now()) / 1000);
  const headers = {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(input.body),
    "User-Agent": WEBHOOK_USER_AGENT,
    "Idempotency-Key": input.eventId,
    [SIGNATURE_HEADER]: webhookSignature(input.secrets, timestamp, input.body),
  };
  const timeoutMs = input.timeoutMs ?? 10_000;
  const agents = input.agents;
  return new Promise((resolve) => {
    let req: ClientRequest;
    try {
      req = agents
        ? request(url, { method: "POST", headers, agent: hostAllowed ? agents.allowListed : agents.guarded })
        : request(url, {
            method: "POST",
            headers,
            agent: false, // each attempt resolves and checks the destination afresh
            lookup: hostAllowed ? undefined : guardedLookup(input.allowList),
            ca: input.ca ? [...rootCertificates, input.ca] : undefined,
          });
    } catch {
      return resolve(done({ ok: false, status: null, error: "invalid_request", response: null, permanent: true }));
    }
    let settled = false;
    // keep: the answer was read to its end, so a keep-alive connection goes back to its agent
    const settle = (r: Omit<SendResult, "durationMs">, keep = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!keep || !agents) req.destroy();
      resolve(done(r));
    };
    const timer = setTimeout(() => settle({ ok: false, status: null, error: "timeout", response: null }), timeoutMs);
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const result = () => {
        const text = Buffer.concat(chunks)
          .subarray(0, WEBHOOK_RESPONSE_BYTES)
          .toString("utf8")
          .replace(/\uFFFD+$/, "");
        const ok = status >= 200 && status < 300;
        const error = ok ? null : status >= 300 && status < 400 ? "redirect_not_followed" : `http_${status}`;
        return { ok, status, error, response: text === "" ? null : text };
      };
      res.on("data", (chunk: Buffer) => {
        if (size < WEBHOOK_RESPONSE_BYTES) chunks.push(chunk);
        size += chunk.length;
        // 1 KB is all the log keeps; without an agent, or past the drain limit, the rest is never read
        if ((!agents && size >= WEBHOOK_RESPONSE_BYTES) || size > DRAIN_LIMIT) settle(result());
      });
      res.on("end", () => settle(result(), true));
      res.on("error", () => settle(result()));
    });
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === REFUSED_DESTINATION_CODE)
        settle({ ok: false, status: null, error: "refused_destination", response: null, permanent: true });
      else settle({ ok: false, status: null, error: err.code ?? "network_error", response: null });
    });
    req.end(input.body);
  });
}
