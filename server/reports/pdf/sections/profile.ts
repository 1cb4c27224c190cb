// The registry profile: its fields, secondary activities, partners, indicators and contacts, from
// the dossier's typed view (lib/contract/dossier-read.ts), in the contract's order.
import type { DossierProfile } from "../../../../lib/contract/dossier-read";
import type { ReportData } from "../types";
import type { Writer } from "../layout";
import { cell, formatDate, formatInteger, formatMoney, formatPhone, formatPostalCode, label, maskedDocument } from "../text";

function registryRows(profile: DossierProfile): [string, string][] {
  const row = (key: string, value: unknown): [string, string] => [label(key), cell(key, value)];
  if (profile.kind === "company")
    return [
      row("name", profile.name),
      row("tradeName", profile.tradeName),
      row("nationalId", profile.nationalId),
      row("headOffice", profile.headOffice),
      row("registrationStatus", profile.registrationStatus),
      row("registrationStatusDate", profile.registrationStatusDate),
      row("registrationStatusReason", profile.registrationStatusReason),
      row("openingDate", profile.openingDate),
      row("legalNature", profile.legalNature),
      row("mainActivity", profile.mainActivity),
      row("size", profile.size),
      ["Capital social", formatMoney(profile.shareCapital)],
    ];
  const gender = profile.gender;
  return [
    row("name", profile.name),
    row("nationalId", profile.nationalId),
    row("fiscalStatus", profile.fiscalStatus),
    ["Sexo", gender === "F" ? "Feminino" : gender === "M" ? "Masculino" : cell("gender", gender)],
    row("motherName", profile.motherName),
    ["Idade", `${cell("age", profile.age)} anos`],
    row("birthDate", profile.birthDate),
    row("obitFlag", profile.obitFlag),
    row("isMotherNameCorrectly", profile.isMotherNameCorrectly),
  ];
}

export function profileBlock(w: Writer, data: ReportData, profile: DossierProfile | null) {
  const company = data.verification.entity === "company";
  w.section(company ? "Cadastro da empresa" : "Cadastro");
  if (!profile) return w.note("Documento sem titular na base cadastral consultada.");
  w.pairs(registryRows(profile));
  if (profile.kind === "company") {
    if (profile.secondaryActivities.length) {
      w.subheading("Atividades secundárias");
      w.bullets(profile.secondaryActivities.map((a) => cell("activity", a)));
    }
    if (profile.partners.length) {
      w.subheading("Quadro societário");
      w.table(
        ["Nome", "Documento", "Qualificação", "Desde", "Participação"],
        profile.partners.map((p) => [
          p.name ?? "—",
          maskedDocument(p.nationalId),
          cell("qualification", p.qualification),
          cell("since", p.since),
          p.sharePercent !== null ? `${formatInteger(p.sharePercent)}%` : "—",
        ]),
        [0.32, 0.18, 0.22, 0.13, 0.15],
      );
    }
  }
  if (profile.indicators.length) {
    w.subheading("Indicadores");
    w.pairs(profile.indicators.map((i) => [label(i.key), cell(i.key, { risky: i.risky, value: i.value })]));
  }
  const contacts = profile.contacts;
  w.subheading("Contatos");
  if (contacts.addresses.length) {
    w.table(
      ["Endereço", "Cidade/UF", "CEP", "Tipo", "Atualizado"],
      contacts.addresses.map((a) => [
        [a.street, a.number, a.neighborhood].filter(Boolean).join(", ") + (a.preferred ? " (preferencial)" : ""),
        `${a.city ?? "—"}/${a.state ?? "—"}`,
        formatPostalCode(a.postalCode),
        a.type === "commercial" ? "Comercial" : a.type === "residential" ? "Residencial" : cell("type", a.type),
        formatDate(a.updatedAt),
      ]),
      [0.4, 0.2, 0.12, 0.13, 0.15],
    );
  }
  const phones = contacts.phones.map(
    (p) => `${formatPhone(p.area, p.number)}${p.type === "mobile" ? " (celular)" : " (fixo)"}${p.preferred ? ", preferencial" : ""}`,
  );
  const emails = contacts.emails.map((e) => `${e.value ?? ""}${e.preferred ? " (preferencial)" : ""}`);
  w.pairs([
    ["Telefones", phones.join("; ") || "—"],
    ["E-mails", emails.join("; ") || "—"],
  ]);
}
