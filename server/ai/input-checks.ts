// Compares the case data declared in the request (`input`: attribute/value pairs, spec 2.2) with
// the data found. Attribute names are free text: they are matched, accents and case ignored,
// against the names below (pt-BR and English). Values are normalized before comparing: accents,
// case, punctuation and spacing of names; dates in DD/MM/AAAA, AAAA-MM-DD or as timestamps;
// phone digits with or without country code and area code; document punctuation.
import { maskDocument, stripDocument } from "../../lib/contract/documents";
import { formatPhone } from "../../lib/contract/format/contact";
import { readDossier } from "../../lib/contract/dossier-read";
import type { InputCheck } from "./types";

type Obj = Record<string, unknown>;

export const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
const key = (attribute: string) => fold(attribute).replace(/[^a-z0-9]/g, "");

/** "José  da Silva-Júnior" -> "jose silva junior": accents, case, punctuation, particles. */
export function normalizeName(text: string): string {
  const PARTICLES = new Set(["de", "da", "do", "das", "dos", "e"]);
  return fold(text)
    .replace(/[^a-z0-9 ]/g, " ")
    .split(/\s+/)
    .filter((w) => w && !PARTICLES.has(w))
    .join(" ");
}

/** A date in DD/MM/AAAA, DD-MM-AAAA, DD.MM.AAAA, AAAA-MM-DD or an ISO timestamp -> AAAA-MM-DD. */
export function normalizeDate(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(t);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) return `${m[3]}-${m[2]!.padStart(2, "0")}-${m[1]!.padStart(2, "0")}`;
  return null;
}

/** Phone digits without country code (55) or trunk prefix (0). */
export function normalizePhone(text: string): string {
  let digits = text.replace(/\D/g, "");
  if (digits.length >= 12 && digits.startsWith("55")) digits = digits.slice(2);
  if (digits.startsWith("0")) digits = digits.slice(1);
  return digits;
}

const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

type Kind =
  "name" | "document" | "birthDate" | "motherName" | "phone" | "email" | "postalCode" | "city" | "state" | "tradeName" | "openingDate";

const ATTRIBUTES: Record<Kind, string[]> = {
  name: ["name", "nome", "nomecompleto", "fullname", "razaosocial", "legalname", "companyname"],
  document: ["document", "documento", "cpf", "cnpj", "nationalid", "taxid", "cpfcnpj"],
  birthDate: ["birthdate", "datanascimento", "datadenascimento", "nascimento", "dob", "dateofbirth"],
  motherName: ["mothername", "nomemae", "nomedamae", "mae"],
  phone: ["phone", "telefone", "celular", "mobile", "fone", "phonenumber", "whatsapp"],
  email: ["email", "mail", "correioeletronico"],
  postalCode: ["postalcode", "cep", "zipcode", "zip"],
  city: ["city", "cidade", "municipio"],
  state: ["state", "estado", "uf"],
  tradeName: ["tradename", "nomefantasia", "fantasia"],
  openingDate: ["openingdate", "dataabertura", "datadeabertura", "abertura", "fundacao"],
};
const KIND_OF = new Map<string, Kind>(Object.entries(ATTRIBUTES).flatMap(([kind, names]) => names.map((n) => [n, kind as Kind] as const)));

const FIELD: Record<Kind, string> = {
  name: "profile.name",
  document: "profile.nationalId",
  birthDate: "profile.birthDate",
  motherName: "profile.motherName",
  phone: "profile.contacts.phones",
  email: "profile.contacts.emails",
  postalCode: "profile.contacts.addresses.postalCode",
  city: "profile.contacts.addresses.city",
  state: "profile.contacts.addresses.state",
  tradeName: "profile.tradeName",
  openingDate: "profile.openingDate",
};

/** Each declared datum, compared with the registry profile of the dossier (in the declared order). */
export function checkInput(input: { attribute: string; value: string }[] | null, dossier: Obj | null, nationalId: string): InputCheck[] {
  const profile = readDossier(dossier).profile;
  const person = profile?.kind === "person" ? profile : null;
  const company = profile?.kind === "company" ? profile : null;
  const addresses = profile?.contacts.addresses ?? [];
  const phones = profile?.contacts.phones ?? [];
  const emails = (profile?.contacts.emails ?? []).map((e) => e.value ?? "");
  return (input ?? []).map(({ attribute, value }) => {
    const kind = KIND_OF.get(key(attribute));
    const isDocument = kind === "document";
    const declared = isDocument ? maskDocument(value) : value;
    if (!kind) return { attribute, field: null, status: "not_compared", declared, found: null };
    const field = FIELD[kind];
    const answer = (status: InputCheck["status"], foundValue: string | null): InputCheck => ({
      attribute,
      field,
      status,
      declared,
      found: foundValue,
    });
    if (kind === "document") {
      const same = stripDocument(value) === nationalId;
      return answer(same ? "match" : "mismatch", maskDocument(nationalId));
    }
    if (!profile) return answer("unavailable", null);
    const textField = (f: string | null | undefined, normalize: (s: string) => string | null, show: (s: string) => string = (s) => s) => {
      if (!f) return answer("unavailable", null);
      const a = normalize(value);
      const b = normalize(f);
      return answer(a !== null && a === b ? "match" : "mismatch", show(f));
    };
    const anyOf = (values: string[], normalize: (s: string) => string, show: string) => {
      const wanted = normalize(value);
      if (values.length === 0) return answer("unavailable", null);
      return answer(wanted !== "" && values.some((v) => normalize(v) === wanted) ? "match" : "mismatch", show);
    };
    switch (kind) {
      case "name":
        return textField(profile.name, normalizeName);
      case "motherName":
        return textField(person?.motherName, normalizeName);
      case "tradeName":
        return textField(company?.tradeName, normalizeName);
      case "birthDate":
        return textField(person?.birthDate, normalizeDate, brDate);
      case "openingDate":
        return textField(company?.openingDate, normalizeDate, brDate);
      case "email":
        return anyOf(emails.filter(Boolean), (s) => s.trim().toLowerCase(), emails.join(", "));
      case "postalCode": {
        const ceps = addresses.map((a) => a.postalCode ?? "").filter(Boolean);
        return anyOf(ceps, (s) => s.replace(/\D/g, ""), ceps.join(", "));
      }
      case "city": {
        const cities = addresses.map((a) => a.city ?? "").filter(Boolean);
        return anyOf(cities, normalizeName, [...new Set(cities)].join(", "));
      }
      case "state": {
        const states = addresses.map((a) => a.state ?? "").filter(Boolean);
        return anyOf(states, (s) => fold(s).trim(), [...new Set(states)].join(", "));
      }
      case "phone": {
        const numbers = phones
          .map((p) => ({ area: (p.area ?? "").replace(/\D/g, ""), number: (p.number ?? "").replace(/\D/g, "") }))
          .filter((p) => p.number);
        if (numbers.length === 0) return answer("unavailable", null);
        const wanted = normalizePhone(value);
        const match = numbers.some((p) => wanted === p.area + p.number || wanted === p.number);
        return answer(match ? "match" : "mismatch", numbers.map((p) => formatPhone(p.area, p.number)).join(", "));
      }
    }
    return answer("not_compared", null);
  });
}
