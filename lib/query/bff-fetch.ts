// The browser's only way to data: same-origin calls to the BFF (/bff/...). The session cookie is
// httpOnly and travels by itself; no token is ever read or held by browser code.
import { REAUTHENTICATION_REQUIRED, requestStepUp } from "./step-up";

export class BffError extends Error {
  override readonly name = "BffError";

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const UNAVAILABLE = "Serviço indisponível no momento. Tente novamente em instantes.";

export async function bffFetch<T>(path: string, signal?: AbortSignal): Promise<T> {
  try {
    return await bffFetchOnce<T>(path, signal);
  } catch (error) {
    // step-up (issue 34): ask for the password and code, then read again once
    if (error instanceof BffError && error.code === REAUTHENTICATION_REQUIRED && (await requestStepUp()))
      return bffFetchOnce<T>(path, signal);
    throw error;
  }
}

async function bffFetchOnce<T>(path: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { signal, credentials: "same-origin", headers: { accept: "application/json" }, cache: "no-store" });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new BffError(0, "network_error", "Sem conexão com o console. Verifique sua rede e tente novamente.");
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
    throw new BffError(response.status, error?.code ?? "http_error", error?.message ?? UNAVAILABLE);
  }
  return body as T;
}

export function isBffError(error: unknown, ...statuses: number[]): error is BffError {
  return error instanceof BffError && (statuses.length === 0 || statuses.includes(error.status));
}
