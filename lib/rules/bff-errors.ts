import "server-only";
import { ApiError } from "@/lib/api/errors";
import { bffError } from "@/lib/bff/errors";
import { invalidRulesetMessage } from "./messages";

// The rules BFF's own wording of the service's refusals (docs/errors.md): invalid_ruleset keeps
// the rule and the position the service names (./messages.ts; the editor puts the message on that
// rule's row), same_person explains the workspace's second-person rule.

const PROFILE_IDS = ["prf_kyc_person", "prf_kyb_company"] as const;
export type RulesProfileId = (typeof PROFILE_IDS)[number];
export const isRulesProfile = (value: string | null): value is RulesProfileId => PROFILE_IDS.includes(value as RulesProfileId);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isRulesetId = (value: string): boolean => UUID.test(value);

/** The service's refusal in the console's words; other failures go to the shared translator. */
export function rulesError(error: unknown): Response {
  if (!(error instanceof ApiError)) throw error;
  if (error.code === "invalid_ruleset") return bffError(400, "invalid_ruleset", invalidRulesetMessage(error.message));
  if (error.code === "same_person")
    return bffError(
      403,
      "same_person",
      "Você editou este rascunho por último: outro admin precisa publicá-lo. O workspace exige uma segunda pessoa para publicar regras (quem escreve não publica).",
    );
  if (error.code === "not_draft")
    return bffError(409, "not_draft", "Esta versão já foi publicada e não muda mais. Crie uma nova versão a partir dela.");
  if (error.code === "not_published") return bffError(409, "not_published", "Publique a versão antes de ativá-la ou colocá-la em sombra.");
  if (error.code === "profile_entity_mismatch")
    return bffError(
      422,
      "profile_entity_mismatch",
      "Este caso é de outro tipo de documento: escolha um caso do mesmo perfil (pessoa ou empresa).",
    );
  if (error.status === 409 && error.code === "conflict")
    return bffError(
      409,
      "conflict",
      "A operação não se aplica a esta versão no estado atual (a versão ativa não vai para a sombra; o caso precisa estar concluído).",
    );
  if (error.status === 403) return bffError(403, "forbidden", "Só um admin altera as regras.");
  throw error;
}
