import { BffError } from "./bff-fetch";
import { REAUTHENTICATION_REQUIRED, requestStepUp } from "./step-up";

// Mutations from the browser: same-origin calls to the BFF (the browser adds the Origin header
// the BFF checks). Errors carry the BFF's pt-BR message.

const UNAVAILABLE = "Serviço indisponível no momento. Tente novamente em instantes.";

type SendInit = { method: "POST" | "DELETE" | "PUT" | "PATCH"; body?: unknown; form?: FormData };

export async function bffSend<T>(path: string, init: SendInit): Promise<T> {
  try {
    return await bffSendOnce<T>(path, init);
  } catch (error) {
    // step-up (issue 34): the API refused the act for want of a recent authentication; once the
    // person confirmed it (password and code), the act is repeated once
    if (error instanceof BffError && error.code === REAUTHENTICATION_REQUIRED && (await requestStepUp())) return bffSendOnce<T>(path, init);
    throw error;
  }
}

async function bffSendOnce<T>(path: string, init: SendInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method,
      credentials: "same-origin",
      headers:
        init.body !== undefined ? { "content-type": "application/json", accept: "application/json" } : { accept: "application/json" },
      body: init.form ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
      cache: "no-store",
    });
  } catch {
    throw new BffError(0, "network_error", "Sem conexão com o console. Verifique sua rede e tente novamente.");
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
    throw new BffError(response.status, error?.code ?? "http_error", error?.message ?? UNAVAILABLE);
  }
  return body as T;
}
