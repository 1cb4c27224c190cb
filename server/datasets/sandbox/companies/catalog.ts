// Registry vocabulary of the Receita Federal used by company records: legal natures, CNAE
// activities, partner (QSA) qualifications and registry statuses. Codes and wording are the
// official ones; the `sector` and `trade` words only feed generated company names.

export interface Coded {
  code: string;
  description: string;
}

export const LEGAL_NATURES = {
  limitada: { code: "2062", description: "Sociedade Empresária Limitada" },
  individual: { code: "2135", description: "Empresário (Individual)" },
  anonimaFechada: { code: "2054", description: "Sociedade Anônima Fechada" },
  anonimaAberta: { code: "2046", description: "Sociedade Anônima Aberta" },
  simplesLimitada: { code: "2240", description: "Sociedade Simples Limitada" },
  cooperativa: { code: "2143", description: "Cooperativa" },
  associacao: { code: "3999", description: "Associação Privada" },
} as const satisfies Record<string, Coded>;

export type LegalNatureKey = keyof typeof LEGAL_NATURES;

export const QUALIFICATIONS = {
  administrador: { code: "05", description: "Administrador" },
  diretor: { code: "10", description: "Diretor" },
  presidente: { code: "16", description: "Presidente" },
  socio: { code: "22", description: "Sócio" },
  socioAdministrador: { code: "49", description: "Sócio-Administrador" },
  empresario: { code: "50", description: "Empresário" },
} as const satisfies Record<string, Coded>;

export interface Activity extends Coded {
  /** Words for the legal name ("Comércio de Alimentos"). */
  sector: string;
  /** Words that open a trade name ("Mercado"). */
  trade: readonly string[];
}

const a = (code: string, description: string, sector: string, trade: readonly string[]): Activity => ({ code, description, sector, trade });

export const ACTIVITIES: readonly Activity[] = [
  a(
    "4711-3/02",
    "Comércio varejista de mercadorias em geral, com predominância de produtos alimentícios - supermercados",
    "Comércio de Alimentos",
    ["Supermercado", "Mercado"],
  ),
  a("5611-2/01", "Restaurantes e similares", "Restaurante", ["Restaurante", "Cantina", "Bistrô"]),
  a("4781-4/00", "Comércio varejista de artigos do vestuário e acessórios", "Comércio de Vestuário", ["Boutique", "Moda"]),
  a("6201-5/01", "Desenvolvimento de programas de computador sob encomenda", "Tecnologia", ["Sistemas", "Software"]),
  a("6204-0/00", "Consultoria em tecnologia da informação", "Consultoria em Informática", ["Consultoria", "TI"]),
  a("4120-4/00", "Construção de edifícios", "Construtora", ["Construtora"]),
  a(
    "4930-2/02",
    "Transporte rodoviário de carga, exceto produtos perigosos e mudanças, intermunicipal, interestadual e internacional",
    "Transportes",
    ["Transportes", "Logística"],
  ),
  a("8630-5/03", "Atividade médica ambulatorial restrita a consultas", "Serviços Médicos", ["Clínica", "Centro Médico"]),
  a("4744-0/99", "Comércio varejista de materiais de construção em geral", "Materiais de Construção", ["Depósito", "Casa do Construtor"]),
  a("9602-5/01", "Cabeleireiros, manicure e pedicure", "Estética", ["Studio", "Salão"]),
  a("4530-7/03", "Comércio a varejo de peças e acessórios novos para veículos automotores", "Autopeças", ["Auto Peças", "Autopeças"]),
  a("4771-7/01", "Comércio varejista de produtos farmacêuticos, sem manipulação de fórmulas", "Drogaria", ["Drogaria", "Farmácia"]),
  a("6821-8/01", "Corretagem na compra e venda e avaliação de imóveis", "Negócios Imobiliários", ["Imobiliária"]),
  a("1091-1/02", "Fabricação de produtos de padaria e confeitaria com predominância de produção própria", "Panificadora", [
    "Padaria",
    "Panificadora",
  ]),
  a("8599-6/04", "Treinamento em desenvolvimento profissional e gerencial", "Treinamentos", ["Instituto", "Escola"]),
  a("8211-3/00", "Serviços combinados de escritório e apoio administrativo", "Serviços Administrativos", ["Escritório"]),
  a("4399-1/03", "Obras de alvenaria", "Construções", ["Construções", "Reformas"]),
  a("7319-0/02", "Promoção de vendas", "Marketing", ["Agência"]),
  a("8512-1/00", "Educação infantil - pré-escola", "Educação Infantil", ["Escola Infantil", "Colégio"]),
  a("0151-2/01", "Criação de bovinos para corte", "Agropecuária", ["Fazenda", "Agropecuária"]),
];

/** Activities that fit each legal nature (a "sociedade simples" provides services, for instance). */
export function activitiesFor(nature: LegalNatureKey): readonly Activity[] {
  switch (nature) {
    case "simplesLimitada":
      return ACTIVITIES.filter((activity) => SERVICE_CODES.has(activity.code));
    case "associacao":
      return [ASSOCIATION_ACTIVITY];
    case "cooperativa":
      return ACTIVITIES.filter((activity) => COOPERATIVE_CODES.has(activity.code));
    default:
      return ACTIVITIES;
  }
}

const SERVICE_CODES = new Set(["6201-5/01", "6204-0/00", "8630-5/03", "6821-8/01", "8599-6/04", "8211-3/00", "7319-0/02", "8512-1/00"]);
const COOPERATIVE_CODES = new Set(["4930-2/02", "0151-2/01", "8630-5/03"]);
const ASSOCIATION_ACTIVITY = a("9430-8/00", "Atividades de associações de defesa de direitos sociais", "Apoio Comunitário", ["Associação"]);

/** Words of trade names ("Mercado Bom Preço", "Transportes Horizonte"). */
export const FANTASY_WORDS = [
  "Bom Preço",
  "Estrela",
  "Horizonte",
  "Nova Era",
  "São Jorge",
  "Central",
  "Aurora",
  "Primavera",
  "Ideal",
  "Progresso",
  "Real",
  "Sol Nascente",
  "Vitória",
  "Imperial",
  "Líder",
  "Alfa",
  "Nacional",
  "Ponto Certo",
  "Bela Vista",
  "Santa Luzia",
  "Pioneira",
  "Ouro Verde",
  "Atlântico",
] as const;

export type RegistrationStatus = "Ativa" | "Suspensa" | "Inapta" | "Baixada" | "Nula";

/** Why the Receita gives each non-active status (the reason field of the registry). */
export const STATUS_REASONS: Record<RegistrationStatus, string> = {
  Ativa: "",
  Suspensa: "Inexistência de fato",
  Inapta: "Omissão de declarações",
  Baixada: "Extinção por encerramento liquidação voluntária",
  Nula: "Anulação por vício",
};

export type CompanySize = "MEI" | "ME" | "EPP" | "DEMAIS";

export const SIZE_DESCRIPTIONS: Record<CompanySize, string> = {
  MEI: "Microempreendedor Individual",
  ME: "Microempresa",
  EPP: "Empresa de Pequeno Porte",
  DEMAIS: "Demais",
};
