import "server-only";
import { ApiError } from "@/lib/api/errors";
import { bffError } from "@/lib/bff/errors";

// The webhooks BFF's wording of the service's refusals (docs/webhooks.md, docs/errors.md).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isWebhookId = (value: string): boolean => UUID.test(value);

const MESSAGES: Record<string, [number, string]> = {
  invalid_webhook_url: [
    400,
    "Endereço recusado: use uma URL https pública, sem usuário e senha, que não aponte para a rede interna (até 2.048 caracteres).",
  ],
  unknown_webhook_event: [400, "Escolha eventos da lista (ou todos)."],
  webhook_limit_reached: [409, "O workspace já tem 10 webhooks: exclua um antes de criar outro."],
  delivery_pending: [409, "Esta entrega ainda está pendente: ela será enviada."],
  replay_too_large: [400, "Período grande demais: no máximo 10.000 eventos por reenvio. Escolha um período menor."],
  invalid_date_range: [400, "O início do período deve ser antes do fim."],
};

/** The service's refusal in the console's words; other failures go to the shared translator. */
export function webhooksError(error: unknown): Response {
  if (!(error instanceof ApiError)) throw error;
  const known = MESSAGES[error.code];
  if (known) return bffError(known[0], error.code, known[1]);
  if (error.status === 403) return bffError(403, "forbidden", "Só um admin configura os webhooks.");
  throw error;
}
