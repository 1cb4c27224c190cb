// The registry profile: its fields, secondary activities, partners, indicators and contacts.
import { arr, num, obj, str } from "../../../ai/facts";
import type { ReportData } from "../types";
import type { Writer } from "../layout";
import { cell, formatDate, formatInteger, formatMoney, formatPhone, formatPostalCode, label, maskedDocument } from "../text";

export function profileBlock(w: Writer, data: ReportData, profile: Record<string, unknown> | null) {
  const company = data.verification.entity === "company";
  w.section(company ? "Cadastro da empresa" : "Cadastro");
  if (!profile) return w.note("Documento sem titular na base cadastral consultada.");
  const skip = new Set(["contacts", "indicators", "blacklisted", "partners", "secondaryActivities"]);
  const rows: [string, string][] = [];
  for (const [k, v] of Object.entries(profile)) {
    if (skip.has(k)) continue;
    if (k === "gender") rows.push(["Sexo", v === "F" ? "Feminino" : v === "M" ? "Masculino" : cell(k, v)]);
    else if (k === "age") rows.push(["Idade", `${cell(k, v)} anos`]);
    else if (k === "shareCapital") rows.push(["Capital social", formatMoney(num(v))]);
    else rows.push([label(k), cell(k, v)]);
  }
  w.pairs(rows);
  const secondary = arr(profile.secondaryActivities);
  if (secondary.length) {
    w.subheading("Atividades secundárias");
    w.bullets(secondary.map((a) => cell("activity", a)));
  }
  const partners = arr(profile.partners).map(obj);
  if (partners.length) {
    w.subheading("Quadro societário");
    w.table(
      ["Nome", "Documento", "Qualificação", "Desde", "Participação"],
      partners.map((p) => [
        str(p.name) ?? "—",
        maskedDocument(str(p.nationalId)),
        cell("qualification", p.qualification),
        cell("since", p.since),
        num(p.sharePercent) !== null ? `${formatInteger(num(p.sharePercent))}%` : "—",
      ]),
      [0.32, 0.18, 0.22, 0.13, 0.15],
    );
  }
  const indicators = obj(profile.indicators);
  if (Object.keys(indicators).length) {
    w.subheading("Indicadores");
    w.pairs(Object.entries(indicators).map(([k, v]) => [label(k), cell(k, v)]));
  }
  const contacts = obj(profile.contacts);
  w.subheading("Contatos");
  const addresses = arr(contacts.addresses).map(obj);
  if (addresses.length) {
    w.table(
      ["Endereço", "Cidade/UF", "CEP", "Tipo", "Atualizado"],
      addresses.map((a) => [
        [str(a.street), str(a.number), str(a.neighborhood)].filter(Boolean).join(", ") + (a.preferencial ? " (preferencial)" : ""),
        `${str(a.city) ?? "—"}/${str(a.state) ?? "—"}`,
        formatPostalCode(str(a.postalCode)),
        a.type === "commercial" ? "Comercial" : a.type === "residential" ? "Residencial" : cell("type", a.type),
        formatDate(str(a.updatedAt)),
      ]),
      [0.4, 0.2, 0.12, 0.13, 0.15],
    );
  }
  const phones = arr(contacts.phones)
    .map(obj)
    .map(
      (p) =>
        `${formatPhone(str(p.area), str(p.number))}${p.type === "mobile" ? " (celular)" : " (fixo)"}${p.preferencial ? ", preferencial" : ""}`,
    );
  const emails = arr(contacts.emails).map((e) =>
    typeof e === "string" ? e : `${str(obj(e).value) ?? ""}${obj(e).preferencial ? " (preferencial)" : ""}`,
  );
  w.pairs([
    ["Telefones", phones.join("; ") || "—"],
    ["E-mails", emails.join("; ") || "—"],
  ]);
}
