// Contacts as the profile dataset versions publish them: legacy 1.0 in Portuguese with DD/MM/YYYY
// dates, 2.0 in English with ISO timestamps and the CEP with its dash (docs/sandbox.md).

export interface AddressV1 {
  tipo: "RESIDENCIAL" | "COMERCIAL";
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string;
  /** 8 digits, no dash. */
  cep: string;
  principal: boolean;
  /** DD/MM/YYYY */
  dataCadastro: string;
  /** DD/MM/YYYY */
  dataAtualizacao: string;
}

export interface PhoneV1 {
  tipo: "CELULAR" | "FIXO";
  ddd: string;
  numero: string;
  principal: boolean;
  dataCadastro: string;
  dataAtualizacao: string;
}

export interface AddressV2 {
  type: "residential" | "commercial";
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: string;
  country: string;
  /** 00000-000 */
  postalCode: string;
  preferred: boolean;
  /** null: the source does not say (the registry). */
  firstSeenAt: string | null;
  lastSeenAt: string | null;
}

export interface PhoneV2 {
  type: "mobile" | "landline";
  countryCode: string;
  areaCode: string;
  number: string;
  preferred: boolean;
  firstSeenAt: string | null;
  lastSeenAt: string | null;
}

export interface EmailV2 {
  address: string;
  preferred: boolean;
}

export interface ContactsV2 {
  addresses: AddressV2[];
  phones: PhoneV2[];
  emails: EmailV2[];
}
