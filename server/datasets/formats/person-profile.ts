// The `profile` block of person-profile 1.0 (legacy: flat, Portuguese field names, upper-case
// names, DD/MM/YYYY) and 2.0 (structured, English, ISO dates, contacts as arrays of objects).
import type { AddressV1, ContactsV2, PhoneV1 } from "./contacts";
import type { ServiceSanction, ServiceSanctionV1 } from "./company-profile";

export interface PersonProfileV1 {
  cpf: string;
  nome: string;
  nomeMae: string | null;
  maeValidada: boolean;
  sexo: "F" | "M";
  dataNascimento: string;
  idade: number;
  /** The Receita's wording, upper case without accents. */
  situacaoCadastral: string;
  dataInscricao: string;
  obito: boolean;
  anoObito: number | null;
  listaRestritiva: {
    servico: boolean;
    tipo: string | null;
    /** The federal sanctions in force, when the service's list has them (server/datasets/providers/service-sanctions.ts). */
    sancoes?: ServiceSanctionV1[];
    empresasRelacionadas: number;
    pessoasRelacionadas: number;
  };
  enderecos: AddressV1[];
  telefones: PhoneV1[];
  emails: string[];
}

export interface PersonProfileV2 {
  document: string;
  name: { full: string; given: string; surnames: string };
  gender: "female" | "male";
  birth: { date: string; age: number };
  mother: { name: string | null; validated: boolean };
  registry: { status: string; registeredAt: string; fiscalRegion: number; checkedAt: string };
  death: { recorded: boolean; date: string | null };
  restrictiveLists: {
    service: { listed: boolean; type: string | null; since: string | null; sanctions?: ServiceSanction[] };
    relatedCompaniesListed: number;
    relatedPersonsListed: number;
  };
  contacts: ContactsV2;
}
