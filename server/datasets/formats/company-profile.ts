// The `profile` block of company-profile 1.0 (legacy: the Receita's printed card, Portuguese,
// DD/MM/YYYY, partners' CPFs masked as the Receita publishes them) and 2.0 (structured, English,
// ISO dates, full partner documents).
import type { ContactsV2 } from "./contacts";

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
  listaRestritiva: { servico: boolean; tipo: string | null };
}

export interface CompanyProfileV2 {
  document: string;
  name: string;
  tradeName: string;
  headOffice: boolean;
  registration: { status: string; statusDate: string; statusReason: string | null };
  openedAt: string;
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
    since: string;
    sharePercent: number | null;
  }[];
  contacts: ContactsV2;
  restrictiveLists: { service: { listed: boolean; type: string | null; since: string | null } };
}
