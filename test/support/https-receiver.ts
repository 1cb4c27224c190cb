import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// A real HTTPS callback receiver on 127.0.0.1 with a self-signed certificate made at test time,
// for delivery tests and route tests. It records every request; a handler decides the answer.

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
}

/** Answers one request; the default answers 204. */
export type ReceiverHandler = (request: RecordedRequest, res: ServerResponse) => void;

export interface HttpsReceiver {
  /** Base URL, https://127.0.0.1:<port> (the certificate is valid for 127.0.0.1 and localhost). */
  url: string;
  port: number;
  /** The receiver's certificate (PEM): pass it as the trusted `ca` of the delivery. */
  ca: string;
  requests: RecordedRequest[];
  setHandler(handler: ReceiverHandler): void;
  /** Resolves once `count` requests arrived; rejects after `timeoutMs`. */
  waitForRequests(count: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  close(): Promise<void>;
}

let certificate: { key: string; cert: string } | undefined;

/** A key and self-signed certificate for 127.0.0.1 / localhost, made once per test process. */
export function selfSignedCertificate(): { key: string; cert: string } {
  if (certificate) return certificate;
  const dir = mkdtempSync(path.join(tmpdir(), "lupa-cert-"));
  try {
    const keyFile = path.join(dir, "key.pem");
    const certFile = path.join(dir, "cert.pem");
    // Throws (failing the test loudly) when openssl is missing.
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=IP:127.0.0.1,DNS:localhost",
        "-keyout",
        keyFile,
        "-out",
        certFile,
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    certificate = { key: readFileSync(keyFile, "utf8"), cert: readFileSync(certFile, "utf8") };
    return certificate;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startHttpsReceiver(handler?: ReceiverHandler): Promise<HttpsReceiver> {
  const { key, cert } = selfSignedCertificate();
  const requests: RecordedRequest[] = [];
  const waiters = new Set<() => void>();
  let current: ReceiverHandler = handler ?? ((_req, res) => res.writeHead(204).end());

  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      for (const wake of waiters) wake();
      current(recorded, res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `https://127.0.0.1:${port}`,
    port,
    ca: cert,
    requests,
    setHandler(next) {
      current = next;
    },
    waitForRequests(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length < count) return;
          cleanup();
          resolve(requests.slice(0, count));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`receiver got ${requests.length} of ${count} requests in ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      // Drop held connections (a handler that never answers) so close() cannot hang.
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
