// Contacts as each profile version prints them: legacy 1.0 in Portuguese with DD/MM/YYYY
// dates, 2.0 in English with ISO timestamps and the CEP with its dash.

import { brDate } from "../core/calendar";
import { legacyUpper } from "../core/text";
import type { Address, Email, Phone } from "../geo/contacts";
import type { AddressV1, AddressV2, EmailV2, PhoneV1, PhoneV2 } from "../../formats/contacts";

export const formatCep = (cep: string) => `${cep.slice(0, 5)}-${cep.slice(5)}`;

export function addressV1(address: Address): AddressV1 {
  return {
    tipo: address.type === "residential" ? "RESIDENCIAL" : "COMERCIAL",
    logradouro: legacyUpper(address.street),
    numero: address.number,
    complemento: legacyUpper(address.complement),
    bairro: legacyUpper(address.neighborhood),
    cidade: legacyUpper(address.city),
    uf: address.state,
    cep: address.postalCode,
    principal: address.preferred,
    dataCadastro: brDate(address.firstSeenAt),
    dataAtualizacao: brDate(address.lastSeenAt),
  };
}

export function phoneV1(phone: Phone): PhoneV1 {
  return {
    tipo: phone.type === "mobile" ? "CELULAR" : "FIXO",
    ddd: phone.area,
    numero: phone.number,
    principal: phone.preferred,
    dataCadastro: brDate(phone.firstSeenAt),
    dataAtualizacao: brDate(phone.lastSeenAt),
  };
}

export function addressV2(address: Address): AddressV2 {
  return {
    type: address.type,
    street: address.street,
    number: address.number,
    complement: address.complement || null,
    neighborhood: address.neighborhood,
    city: address.city,
    state: address.state,
    country: "BR",
    postalCode: formatCep(address.postalCode),
    preferred: address.preferred,
    firstSeenAt: address.firstSeenAt,
    lastSeenAt: address.lastSeenAt,
  };
}

export function phoneV2(phone: Phone): PhoneV2 {
  return {
    type: phone.type,
    countryCode: "55",
    areaCode: phone.area,
    number: phone.number,
    preferred: phone.preferred,
    firstSeenAt: phone.firstSeenAt,
    lastSeenAt: phone.lastSeenAt,
  };
}

export function emailV2(email: Email): EmailV2 {
  return { address: email.address, preferred: email.preferred };
}

/** "(11) 3333-4444" / "(11) 98765-4321": how legacy company records print phones. */
export function phoneText(phone: Phone): string {
  const split = phone.number.length - 4;
  return `(${phone.area}) ${phone.number.slice(0, split)}-${phone.number.slice(split)}`;
}
