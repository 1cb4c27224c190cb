// Readable pt-BR names of the fields of the module data (dataset formats in docs/sandbox.md);
// fields without a name here are shown with their own name split into words.

const LABELS: Record<string, string> = {
  name: "Nome", full: "Nome completo", nome: "Nome", document: "Documento", cpf: "CPF", cnpj: "CNPJ", nationalId: "Documento",
  birthDate: "Nascimento", dataNascimento: "Nascimento", age: "Idade", idade: "Idade", gender: "Sexo", sexo: "Sexo",
  mother: "Mãe", motherName: "Nome da mãe", father: "Pai", status: "Situação", registryStatus: "Situação cadastral",
  situacaoCadastral: "Situação cadastral", deceased: "Falecido", death: "Óbito", obito: "Óbito", blacklisted: "Lista restritiva",
  listaRestritiva: "Lista restritiva", service: "Serviço", client: "Cliente", contacts: "Contatos", addresses: "Endereços",
  enderecos: "Endereços", phones: "Telefones", telefones: "Telefones", emails: "E-mails", street: "Logradouro", logradouro: "Logradouro",
  number: "Número", numero: "Número", complement: "Complemento", district: "Bairro", bairro: "Bairro", city: "Cidade", cidade: "Cidade",
  state: "UF", uf: "UF", postalCode: "CEP", cep: "CEP", areaCode: "DDD", ddd: "DDD", type: "Tipo", tipo: "Tipo", primary: "Principal",
  principal: "Principal", legalName: "Razão social", razaoSocial: "Razão social", tradeName: "Nome fantasia", openedAt: "Abertura",
  nature: "Natureza jurídica", activity: "Atividade principal", capital: "Capital social", partners: "Sócios", qsa: "Quadro societário",
  qualification: "Qualificação", since: "Desde", size: "Porte", income: "Renda", incomeBand: "Faixa de renda", assets: "Patrimônio",
  taxReturns: "Declarações de IR", year: "Ano", programs: "Programas sociais", counters: "Contadores", indicators: "Indicadores",
  total: "Total", asDefendant: "Como réu", asPlaintiff: "Como autor", active: "Ativos", inactive: "Encerrados", items: "Itens",
  court: "Tribunal", class: "Classe", subject: "Assunto", area: "Área", side: "Polo", claimValue: "Valor da causa", filedAt: "Distribuição",
  lastMovementAt: "Última movimentação", unit: "Vara", segment: "Segmento", parties: "Partes", role: "Papel", relation: "Vínculo",
  personal: "Família", business: "Negócios", ownerships: "Participações", employments: "Empregos", representations: "Representações",
  totals: "Totais", lawsuitsTotal: "Processos", restrictiveList: "Lista restritiva", via: "Por meio de", risky: "Risco", value: "Valor",
  code: "Código", description: "Descrição", amount: "Valor", date: "Data", debts: "Dívidas", protests: "Protestos", creditor: "Credor",
  totalClaimValue: "Valor total das causas", activeClaimValueAsDefendant: "Valor ativo como réu", firstFiledAt: "Primeiro processo",
  lastFiledAt: "Último processo", bySegment: "Por segmento", byCourt: "Por tribunal", byArea: "Por área", byClass: "Por classe",
  activeAsDefendant: "Réu em processos ativos", criminal: "Criminais", labourAsDefendant: "Réu trabalhista", taxEnforcement: "Execuções fiscais",
  recentFilings: "Recentes (12 meses)", highClaimValue: "Alto valor como réu", owners: "Sócios",
};

export function fieldLabel(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatScalar(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Sim" : "Não";
  if (typeof value === "number") return value.toLocaleString("pt-BR");
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split("-").reverse().join("/");
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value)) return new Date(value).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo" });
  return String(value);
}
