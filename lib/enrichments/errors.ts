// pt-BR messages for the v3 error codes the enrichment pages can meet (docs/errors.md).

const MESSAGES: Record<string, string> = {
  invalid_document: "CPF ou CNPJ inválido.",
  profile_required: "Escolha um perfil.",
  invalid_deadline: "Prazo inválido: use por exemplo 10m ou 2h (mínimo 1m).",
  invalid_body: "Requisição inválida.",
  invalid_cursor: "Página inválida: volte para a primeira página.",
  invalid_from: "Data inicial inválida.",
  invalid_to: "Data final inválida.",
  invalid_date_range: "A data inicial deve ser anterior à final.",
  contract_required: "O workspace não tem contrato ativo para enriquecimentos.",
  action_not_contracted: "O contrato do workspace não cobre este perfil.",
  profile_not_found: "Perfil não encontrado ou inativo.",
  profile_entity_mismatch: "O perfil não atende este tipo de documento (CPF x CNPJ).",
  profile_kind_mismatch: "Este perfil não é de enriquecimento.",
  profile_misconfigured: "O perfil está configurado de forma inválida.",
  profile_not_billable: "O perfil ainda não é um produto com preço.",
  idempotency_key_reused: "Este envio já foi usado com outros dados. Recarregue a página.",
  duplicate_in_request: "Documento repetido no lote: só a primeira linha dele foi criada.",
  invalid_metadata: "Metadados inválidos para o item.",
  batch_empty: "O lote não tem itens.",
  batch_too_large: "O lote tem mais de 500 itens.",
  forbidden: "Você não tem permissão para esta ação.",
  not_found: "Não encontrado.",
  rate_limited: "Muitas requisições. Aguarde alguns segundos.",
};

export function v3ErrorMessage(code: string): string {
  return MESSAGES[code] ?? "Não foi possível concluir a operação.";
}
