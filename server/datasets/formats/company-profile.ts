// The `profile` block of company-profile 1.0 (legacy: the Receita's printed card, Portuguese,
// DD/MM/YYYY, partners' CPFs masked as the Receita publishes them) and 2.0 (structured, English,
// ISO dates, full partner documents). The optional fields are published by the registry provider
// (server/datasets/providers/receita.ts) only; docs/sandbox.md, "Registry datasets".
import type { ContactsV2 } from "./contacts";

/** A sanction in force on a federal list (CEIS, CNEP), as the service's restrictive list shows it. */
export interface ServiceSanction {
  list: string;
  sanction: string;
  agency: string;
  agencyState: string | null;
  startedAt: string | null;
  endsAt: string | null;
  process: string | null;
  legalBasis: string | null;
}

/** The same in the legacy 1.0 words, dates DD/MM/YYYY ("" when none). */
export interface ServiceSanctionV1 {
  cadastro: string;
  sancao: string;
  orgao: string;
  uf: string;
  inicio: string;
  fim: string;
}

export interface TaxOption {
  opted: boolean | null;
  since: string | null;
  until: string | null;
}

/** Where the answer came from when it is not the sandbox: the source and its release. */
export interface DataSource {
  provider: string;
  name: string;
  release: string;
  liveAt: string;
}

export interface Coded {
  code: string;
  description: string;
}

export interface CompanyProfileV1 {
  cnpj: string;
  razaoSocial: string;
  nomeFantasia: string;
  matrizFilial: "MATRIZ" | "FILIAL";
  situacaoCadastral: string;
  dataSituacaoCadastral: string;
  motivoSituacao: string;
  dataAbertura: string;
  /** "206-2 - Sociedade Empresária Limitada" */
  naturezaJuridica: string;
  /** "4711-3/02 - Comércio ..." */
  cnaePrincipal: string;
  cnaesSecundarios: string[];
  porte: string;
  /** Decimal in a string: "100000.00" */
  capitalSocial: string;
  socios: {
    nome: string;
    /** CPF masked ***456789**, or the full CNPJ. */
    documento: string;
    tipo: "PF" | "PJ";
    qualificacao: string;
    dataEntrada: string;
    participacao: string | null;
  }[];
  endereco: { logradouro: string; numero: string; complemento: string; bairro: string; municipio: string; uf: string; cep: string };
  /** "(11) 3333-4444" */
  telefones: string[];
  email: string | null;
  listaRestritiva: { servico: boolean; tipo: string | null; sancoes?: ServiceSanctionV1[] };
  /** Registry only: the Simples Nacional and MEI options. */
  simples?: { optante: boolean | null; dataOpcao: string; dataExclusao: string };
  mei?: { optante: boolean | null; dataOpcao: string; dataExclusao: string };
}

export interface CompanyProfileV2 {
  document: string;
  name: string;
  tradeName: string;
  headOffice: boolean;
  /** Dates are null when the registry publishes none (00000000). */
  registration: { status: string; statusDate: string | null; statusReason: string | null };
  openedAt: string | null;
  legalNature: Coded;
  activities: { main: Coded; secondary: Coded[] };
  size: { code: string; description: string };
  shareCapital: number;
  taxRegime: string;
  partners: {
    document: string;
    name: string;
    entity: "person" | "company";
    qualification: Coded;
    since: string | null;
    sharePercent: number | null;
    /** Registry only: the age band the Receita publishes, the legal representative, how the partner is identified. */
    ageBand?: Coded | null;
    legalRepresentative?: { document: string; name: string; qualification: Coded } | null;
    identification?: "cnpj" | "name_and_masked_cpf" | "foreign";
  }[];
  contacts: ContactsV2;
  restrictiveLists: { service: { listed: boolean; type: string | null; since: string | null; sanctions?: ServiceSanction[] } };
  /** Registry only. */
  simplesNacional?: { simples: TaxOption; mei: TaxOption };
  specialStatus?: { status: string; date: string | null } | null;
}
