import "server-only";
import { isVerificationId } from "@/lib/verifications/id";

// The BFF's checks for the API keys' and sessions' routes (issue 34): ids are UUIDs (anything
// else cannot exist), and the pt-BR words of their refusals.

export const isUuid = isVerificationId;

export const API_KEY_MESSAGES = {
  notFound: "Chave de API não encontrada.",
  limit: "O workspace já tem o máximo de chaves ativas. Revogue uma que não é mais usada antes de criar outra.",
  revoked: "Esta chave já estava revogada.",
  forbidden: "Só administradores gerenciam as chaves de API.",
  invalid: "Confira o nome (até 80 caracteres) e a validade (uma data futura, em até 3 anos).",
};

export const SESSION_MESSAGES = {
  notFound: "Sessão não encontrada ou já encerrada.",
  memberNotFound: "Pessoa não encontrada neste workspace.",
  forbidden: "Só administradores encerram as sessões de outra pessoa.",
};
