// The PDF report of a v2 verification (GET /api/v2/verifications/{id}/pdf; contents in
// docs/decisions.md, "PDF report"): what an analyst hands to a manager. Built with pdfkit on its
// standard Helvetica fonts (WinAnsi covers every pt-BR accent), A4, in memory: the route sends it
// only once it is complete, so a failure is a clean 500.
import PDFDocument from "pdfkit";
import type { AiSummary } from "../ai/types";
import { bandOf } from "../ai/bands";
import { RISK_LABELS, VERDICT_LABELS, fieldLabel } from "../ai/builtin";
import { moduleLabel, roleLabel, ruleLabel, AREA_LABELS } from "../ai/labels";
import { arr, dossierFacts, isObj, num, obj, str } from "../ai/facts";
import { reportNetwork, type ReportNetwork } from "./network";
import {
  cell,
  formatDate,
  formatDateTime,
  formatInteger,
  formatMoney,
  formatPhone,
  formatPostalCode,
  label,
  maskedDocument,
  winAnsi,
} from "./text";

export interface ReportFeedback {
  status: string;
  comment: string | null;
  reasons: string[];
  authorEmail: string | null;
  createdAt: Date;
}

/** The restrictive-list status of the document for the workspace. */
export interface ReportRestrictiveList {
  listed: boolean;
  /** Where the status comes from: the workspace's list itself, or the dossier written at completion. */
  source: "workspace_list" | "dossier";
  reason?: string | null;
  since?: Date | string | null;
  expiresAt?: Date | string | null;
  /** What the dossier recorded when the verification completed (blacklisted.client). */
  listedAtCompletion?: boolean;
  /** The service's own list (blacklisted.service). */
  serviceListed?: boolean;
}

export interface ReportData {
  workspaceName: string;
  verification: {
    id: string;
    entity: "person" | "company";
    nationalId: string;
    name: string | null;
    status: string;
    profileId: string | null;
    profileName: string | null;
    createdAt: Date;
    updatedAt: Date;
    score: number | null;
    result: Record<string, unknown> | null;
    dossier: Record<string, unknown> | null;
    input: { attribute: string; value: string }[] | null;
    failureReason: string | null;
  };
  summary: AiSummary | null;
  feedbacks: ReportFeedback[];
  restrictiveList: ReportRestrictiveList;
  generatedAt: Date;
}

const C = {
  ink: "#1f2937",
  muted: "#6b7280",
  line: "#d1d5db",
  soft: "#f3f4f6",
  brand: "#1e3a5f",
  brandSoft: "#e8eef6",
  low: "#15803d",
  medium: "#b45309",
  high: "#b91c1c",
  bar: "#2563eb",
  node: "#64748b",
};
const RISK_COLOR = { low: C.low, medium: C.medium, high: C.high } as const;
const STATUS_LABELS: Record<string, string> = {
  CREATED: "Criada",
  PROCESSING: "Em processamento",
  ANALYZING: "Em análise",
  COMPLETED: "Concluída",
  FAILED: "Falhou",
  CNH_EXTRACT: "Extraindo CNH",
};
const FEEDBACK_LABELS: Record<string, string> = { APPROVED: "Aprovado", REPROVED: "Reprovado", STANDBY: "Em espera", WAIVED: "Dispensado" };
const GROUP_COLORS: Record<string, string> = {
  kinship: "#7c3aed",
  partnership: "#2563eb",
  employment: "#0d9488",
  representation: "#c2410c",
  link: "#64748b",
};
const GROUP_LABELS: Record<string, string> = {
  kinship: "parentesco",
  partnership: "sociedade",
  employment: "emprego",
  representation: "representação",
  link: "vínculo",
};

const PAGE = { margin: 48, width: 595.28, height: 841.89 };
const CONTENT_W = PAGE.width - PAGE.margin * 2;
const BOTTOM = PAGE.height - PAGE.margin - 18;

type Doc = PDFKit.PDFDocument;

class Writer {
  constructor(readonly doc: Doc) {}

  ensure(height: number) {
    if (this.doc.y + height > BOTTOM) this.doc.addPage();
  }

  section(title: string) {
    this.ensure(60);
    const d = this.doc;
    d.moveDown(0.8);
    const y = d.y;
    d.rect(PAGE.margin, y, 3, 14).fill(C.brand);
    d.fillColor(C.brand)
      .font("Helvetica-Bold")
      .fontSize(12.5)
      .text(winAnsi(title), PAGE.margin + 9, y + 1, { width: CONTENT_W - 9 });
    d.moveTo(PAGE.margin, d.y + 3)
      .lineTo(PAGE.margin + CONTENT_W, d.y + 3)
      .lineWidth(0.5)
      .strokeColor(C.line)
      .stroke();
    d.y += 9;
    d.x = PAGE.margin;
  }

  subheading(title: string) {
    this.ensure(40);
    this.doc
      .moveDown(0.4)
      .fillColor(C.ink)
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(winAnsi(title), PAGE.margin, this.doc.y, { width: CONTENT_W });
    this.doc.moveDown(0.2);
  }

  paragraph(text: string, options: { color?: string; size?: number; font?: string } = {}) {
    const d = this.doc;
    d.font(options.font ?? "Helvetica").fontSize(options.size ?? 9.5);
    this.ensure(Math.min(d.heightOfString(winAnsi(text), { width: CONTENT_W }), 120));
    d.fillColor(options.color ?? C.ink).text(winAnsi(text), PAGE.margin, d.y, { width: CONTENT_W, align: "left", lineGap: 1.5 });
  }

  note(text: string) {
    this.paragraph(text, { color: C.muted, size: 8.5 });
  }

  bullets(items: string[], color = C.ink) {
    const d = this.doc;
    for (const item of items) {
      d.font("Helvetica").fontSize(9.5);
      const h = d.heightOfString(winAnsi(item), { width: CONTENT_W - 14 });
      this.ensure(h + 2);
      const y = d.y;
      d.fillColor(C.brand)
        .circle(PAGE.margin + 4, y + 5, 1.8)
        .fill();
      d.fillColor(color).text(winAnsi(item), PAGE.margin + 14, y, { width: CONTENT_W - 14, lineGap: 1 });
      d.y += 2;
    }
    d.x = PAGE.margin;
  }

  /** Label/value pairs in two columns. */
  pairs(rows: [string, string][]) {
    const d = this.doc;
    const colW = CONTENT_W / 2;
    const labelW = 110;
    for (let i = 0; i < rows.length; i += 2) {
      const pair = rows.slice(i, i + 2);
      const h =
        Math.max(
          ...pair.map(([k, v]) =>
            Math.max(
              d
                .font("Helvetica")
                .fontSize(8.5)
                .heightOfString(winAnsi(k), { width: labelW - 4 }),
              d
                .font("Helvetica-Bold")
                .fontSize(9)
                .heightOfString(winAnsi(v), { width: colW - labelW - 8 }),
            ),
          ),
        ) + 5;
      this.ensure(h);
      const y = d.y;
      pair.forEach(([k, v], j) => {
        const x = PAGE.margin + j * colW;
        d.fillColor(C.muted)
          .font("Helvetica")
          .fontSize(8.5)
          .text(winAnsi(k), x, y, { width: labelW - 4 });
        d.fillColor(C.ink)
          .font("Helvetica-Bold")
          .fontSize(9)
          .text(winAnsi(v), x + labelW, y, { width: colW - labelW - 8 });
      });
      d.y = y + h;
    }
    d.x = PAGE.margin;
  }

  /** A table with a header row; widths are fractions of the content width. */
  table(headers: string[], rows: string[][], widths: number[]) {
    const d = this.doc;
    const cols = widths.map((w) => w * CONTENT_W);
    const header = () => {
      this.ensure(18);
      const y = d.y;
      d.rect(PAGE.margin, y, CONTENT_W, 15).fill(C.brandSoft);
      let x = PAGE.margin;
      headers.forEach((h, i) => {
        d.fillColor(C.brand)
          .font("Helvetica-Bold")
          .fontSize(8)
          .text(winAnsi(h), x + 3, y + 4, { width: cols[i]! - 6, lineBreak: false, ellipsis: true });
        x += cols[i]!;
      });
      d.y = y + 15;
    };
    header();
    rows.forEach((row, r) => {
      d.font("Helvetica").fontSize(8);
      const h = Math.max(...row.map((v, i) => d.heightOfString(winAnsi(v), { width: cols[i]! - 6 }))) + 6;
      if (d.y + h > BOTTOM) {
        d.addPage();
        header();
      }
      const y = d.y;
      if (r % 2 === 1) d.rect(PAGE.margin, y, CONTENT_W, h).fill(C.soft);
      let x = PAGE.margin;
      row.forEach((v, i) => {
        d.fillColor(C.ink)
          .font("Helvetica")
          .fontSize(8)
          .text(winAnsi(v), x + 3, y + 3, { width: cols[i]! - 6 });
        x += cols[i]!;
      });
      d.y = y + h;
    });
    d.x = PAGE.margin;
    d.moveDown(0.3);
  }

  /** Any dossier block: scalars as pairs, lists of objects as tables (sections of other modules too). */
  generic(block: unknown, depth = 0) {
    if (!isObj(block)) {
      if (Array.isArray(block)) this.list(block, "");
      else this.paragraph(cell("", block));
      return;
    }
    const scalars: [string, string][] = [];
    const nested: [string, unknown][] = [];
    for (const [k, v] of Object.entries(block)) {
      if (Array.isArray(v) && v.some(isObj)) nested.push([k, v]);
      else if (isObj(v) && !("risky" in v) && !("description" in v) && Object.values(v).some((x) => typeof x === "object" && x !== null))
        nested.push([k, v]);
      else scalars.push([label(k), cell(k, v)]);
    }
    if (scalars.length) this.pairs(scalars);
    for (const [k, v] of nested) {
      if (depth >= 2) continue;
      this.subheading(label(k));
      if (Array.isArray(v)) this.list(v, k);
      else this.generic(v, depth + 1);
    }
  }

  list(items: unknown[], key: string, max = 40) {
    const objects = items.filter(isObj);
    if (objects.length === 0) {
      this.note(items.length ? items.map((v) => cell(key, v)).join(", ") : "Nenhum registro.");
      return;
    }
    const flat = (v: unknown) => !Array.isArray(v) && (!isObj(v) || "description" in v || "name" in v || "risky" in v);
    const keys = [...new Set(objects.flatMap((o) => Object.keys(o)))].filter((k) => objects.every((o) => flat(o[k]))).slice(0, 6);
    this.table(
      keys.map(label),
      objects.slice(0, max).map((o) => keys.map((k) => cell(k, o[k]))),
      keys.map(() => 1 / keys.length),
    );
    if (objects.length > max) this.note(`E mais ${objects.length - max} registro(s) não listados.`);
  }
}

function header(w: Writer, data: ReportData) {
  const d = w.doc;
  const v = data.verification;
  d.rect(0, 0, PAGE.width, 74).fill(C.brand);
  d.fillColor("#ffffff").font("Helvetica-Bold").fontSize(17).text("Lupa", PAGE.margin, 22);
  d.font("Helvetica").fontSize(10).text(winAnsi("Relatório de verificação"), PAGE.margin, 44);
  d.font("Helvetica-Bold").fontSize(10).text(winAnsi(data.workspaceName), PAGE.margin, 22, { width: CONTENT_W, align: "right" });
  d.font("Helvetica")
    .fontSize(8.5)
    .fillColor("#cbd5e1")
    .text(winAnsi(`Gerado em ${formatDateTime(data.generatedAt)} (horário de Brasília)`), PAGE.margin, 44, {
      width: CONTENT_W,
      align: "right",
    });
  d.y = 94;
  const kind = v.entity === "company" ? "CNPJ" : "CPF";
  d.fillColor(C.ink)
    .font("Helvetica-Bold")
    .fontSize(18)
    .text(winAnsi(v.name ?? "Titular não identificado"), PAGE.margin, d.y, { width: CONTENT_W });
  d.fillColor(C.muted)
    .font("Helvetica")
    .fontSize(10)
    .text(
      winAnsi(`${kind} ${maskedDocument(v.nationalId)}   ·   ${v.entity === "company" ? "Pessoa jurídica" : "Pessoa física"}`),
      PAGE.margin,
      d.y + 2,
    );
  d.moveDown(0.6);
  w.pairs([
    ["Status", STATUS_LABELS[v.status] ? `${STATUS_LABELS[v.status]} (${v.status})` : v.status],
    ["Verificação", v.id],
    ["Perfil", v.profileName ? `${v.profileName} (${v.profileId})` : (v.profileId ?? "Fluxo legado")],
    ["Criada em", formatDateTime(v.createdAt)],
    ...(v.failureReason ? [["Motivo da falha", v.failureReason] as [string, string]] : []),
  ]);
}

function scoreBlock(w: Writer, data: ReportData) {
  const d = w.doc;
  const v = data.verification;
  w.section("Pontuação");
  if (v.score === null) {
    w.note(v.status === "FAILED" ? "A verificação falhou: não há pontuação." : "A pontuação sai quando a verificação termina.");
    return;
  }
  const band = bandOf(v.score);
  const color = band ? RISK_COLOR[band.riskLevel] : C.ink;
  w.ensure(110);
  const top = d.y;
  d.roundedRect(PAGE.margin, top, 150, 92, 6).fill(C.soft);
  d.fillColor(color)
    .font("Helvetica-Bold")
    .fontSize(32)
    .text(formatInteger(v.score), PAGE.margin, top + 12, { width: 150, align: "center" });
  d.fillColor(C.muted)
    .font("Helvetica")
    .fontSize(8.5)
    .text("de 1.000 pontos", PAGE.margin, top + 50, { width: 150, align: "center" });
  if (band)
    d.fillColor(color)
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(winAnsi(`Faixa: ${band.name}`), PAGE.margin, top + 66, { width: 150, align: "center" });
  // distribution bars
  const dist = arr(obj(v.result).scoreDistribution)
    .map(obj)
    .map((e) => ({ module: str(e.module) ?? "?", percent: num(e.percent) ?? 0 }));
  const x0 = PAGE.margin + 170;
  const barW = CONTENT_W - 170 - 150;
  d.fillColor(C.ink).font("Helvetica-Bold").fontSize(9).text(winAnsi("Distribuição da dedução por módulo"), x0, top);
  if (dist.length === 0) {
    d.fillColor(C.muted)
      .font("Helvetica")
      .fontSize(8.5)
      .text(winAnsi("Nenhuma regra reduziu a pontuação."), x0, top + 16);
  }
  dist.slice(0, 6).forEach((e, i) => {
    const y = top + 16 + i * 13;
    d.fillColor(C.ink)
      .font("Helvetica")
      .fontSize(8)
      .text(winAnsi(moduleLabel(e.module)), x0, y + 1, { width: 140, lineBreak: false, ellipsis: true });
    d.rect(x0 + 142, y, barW, 9).fill(C.soft);
    d.rect(x0 + 142, y, Math.max(1, (barW * Math.min(100, e.percent)) / 100), 9).fill(C.bar);
    d.fillColor(C.ink)
      .fontSize(8)
      .text(winAnsi(`${formatInteger(e.percent)}%`), x0 + 146 + barW, y + 1, { width: 40 });
  });
  const factor = num(obj(v.result).scoreFactor);
  d.fillColor(C.muted)
    .font("Helvetica")
    .fontSize(7.5)
    .text(
      winAnsi(
        `Faixas: 700 a 1.000 baixo risco · 400 a 699 médio risco · 0 a 399 alto risco.${factor !== null ? ` Dedução total: ${formatInteger(factor)} pontos.` : ""}`,
      ),
      x0,
      top + 96 - 14,
      { width: CONTENT_W - 170 },
    );
  d.y = top + 100;
  d.x = PAGE.margin;
}

function rulesBlock(w: Writer, data: ReportData) {
  w.section("Regras acionadas");
  const rules = arr(obj(data.verification.result).rules).filter((r): r is string => typeof r === "string");
  if (rules.length === 0) return w.note("Nenhuma regra acionada.");
  w.table(
    ["Regra", "Código"],
    rules.map((r) => [ruleLabel(r), r]),
    [0.6, 0.4],
  );
}

function summaryBlock(w: Writer, s: AiSummary | null) {
  w.section("Resumo da IA");
  if (!s) return w.note("Nenhum resumo da IA foi gerado para esta verificação.");
  const d = w.doc;
  w.ensure(40);
  const y = d.y;
  const color = RISK_COLOR[s.riskLevel];
  d.roundedRect(PAGE.margin, y, 200, 20, 4).fill(color);
  d.fillColor("#ffffff")
    .font("Helvetica-Bold")
    .fontSize(9)
    .text(winAnsi(`Recomendação: ${VERDICT_LABELS[s.verdict]} · risco ${RISK_LABELS[s.riskLevel]}`), PAGE.margin, y + 6, {
      width: 200,
      align: "center",
    });
  d.y = y + 28;
  w.paragraph(s.summary);
  if (s.highlights.length) {
    w.subheading("Pontos de atenção");
    w.bullets(s.highlights);
  }
  w.note(
    `Modelo: ${s.model}${s.fallback ? ` (modelo externo não usado: ${s.fallback})` : ""}. Gerado em ${formatDateTime(s.generatedAt)}.`,
  );
}

function inputBlock(w: Writer, data: ReportData, s: AiSummary | null) {
  const input = data.verification.input ?? [];
  if (input.length === 0) return;
  w.section("Dados declarados");
  const STATUS = { match: "Confere", mismatch: "Diverge", unavailable: "Sem dado", not_compared: "Não comparado" } as const;
  if (s) {
    w.table(
      ["Atributo", "Declarado", "Encontrado", "Campo", "Resultado"],
      s.inputChecks.map((c) => [c.attribute, c.declared, c.found ?? "—", fieldLabel(c.field), STATUS[c.status]]),
      [0.18, 0.24, 0.26, 0.16, 0.16],
    );
  } else {
    w.table(
      ["Atributo", "Declarado"],
      input.map((i) => [i.attribute, /^(cpf|cnpj|document|documento|nationalid)$/i.test(i.attribute) ? maskedDocument(i.value) : i.value]),
      [0.35, 0.65],
    );
  }
}

function profileBlock(w: Writer, data: ReportData, profile: Record<string, unknown> | null) {
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

function financeBlock(w: Writer, data: ReportData, finance: unknown) {
  if (!isObj(finance)) return;
  w.section("Financeiro");
  const f = finance;
  if (data.verification.entity === "person" && "salary" in f) {
    w.pairs([
      ["Renda estimada", formatMoney(num(f.salary))],
      ["Faixa de renda", cell("income", f.income)],
      ["Patrimônio", cell("totalAssets", f.totalAssets)],
      ["Cobranças", `${cell("total", obj(f.collections).total)} (origens: ${cell("total", obj(f.collections).totalOrigins)})`],
    ]);
    const returns = arr(f.taxReturns).map(obj);
    if (returns.length) {
      w.subheading("Declarações de imposto de renda");
      w.table(
        ["Ano", "Situação", "Banco", "Atualizado em"],
        returns.map((r) => [cell("year", r.year), cell("status", r.status), cell("bank", r.bank), cell("updatedAt", r.updatedAt)]),
        [0.15, 0.4, 0.25, 0.2],
      );
    }
    const programs = arr(obj(f.assistancePrograms).programs).map(obj);
    if (programs.length) {
      w.subheading("Programas assistenciais");
      w.table(
        ["Programa", "Cidade/UF", "Ativo", "Valor", "Total recebido", "Período"],
        programs.map((p) => [
          cell("name", p.name),
          `${str(p.city) ?? "—"}/${str(p.state) ?? "—"}`,
          cell("active", p.active),
          formatMoney(num(p.amount)),
          formatMoney(num(p.totalAmount)),
          `${formatDate(str(p.startedAt))} a ${formatDate(str(p.endedAt))}`,
        ]),
        [0.22, 0.18, 0.08, 0.14, 0.16, 0.22],
      );
    }
    const restrictions = obj(f.restrictions);
    if (Object.keys(restrictions).length) {
      w.subheading("Restrições de crédito");
      w.pairs(
        Object.entries(restrictions).map(([k, v]) => [
          label(k),
          k === "consultationLogs"
            ? Object.entries(obj(v))
                .map(([p, n]) => `${p} dias: ${cell("n", n)}`)
                .join(" · ")
            : k === "totalAmount"
              ? formatMoney(num(v))
              : cell(k, v),
        ]),
      );
    }
    const indicators = obj(f.indicators);
    if (Object.keys(indicators).length) {
      w.subheading("Indicadores");
      w.pairs(Object.entries(indicators).map(([k, v]) => [label(k), k === "monthlyIncome" ? formatMoney(num(obj(v).value)) : cell(k, v)]));
    }
    return;
  }
  w.generic(f);
}

function lawsuitsBlock(w: Writer, block: unknown, title: string) {
  if (block === undefined) return;
  w.section(title);
  if (!isObj(block)) return w.note("Módulo sem dados.");
  const counters = obj(block.counters);
  if (Object.keys(counters).length) {
    w.pairs([
      ["Total", cell("n", counters.total)],
      ["Em andamento", cell("n", counters.active)],
      ["Como réu", cell("n", counters.asDefendant)],
      ["Como autor", cell("n", counters.asPlaintiff)],
      [
        "Por tribunal",
        Object.entries(obj(counters.byCourt))
          .map(([c, n]) => `${c} (${cell("n", n)})`)
          .join(", ") || "—",
      ],
      [
        "Por área",
        Object.entries(obj(counters.byArea))
          .map(([a, n]) => `${AREA_LABELS[a] ?? a} (${cell("n", n)})`)
          .join(", ") || "—",
      ],
      ["Valor total das causas", formatMoney(num(counters.totalClaimValue))],
      ["Ativos como réu (valor)", formatMoney(num(counters.activeClaimValueAsDefendant))],
      ["Primeiro processo", formatDate(str(counters.firstFiledAt))],
      ["Último processo", formatDate(str(counters.lastFiledAt))],
    ]);
  }
  const items = arr(block.items).map(obj);
  const legacy = arr(block.processos).map(obj);
  if (items.length) {
    w.subheading("Processos");
    w.table(
      ["Número", "Trib.", "Polo", "Classe / assunto", "Situação", "Valor", "Distribuição"],
      items
        .slice(0, 60)
        .map((it) => [
          cell("number", it.number),
          str(obj(it.court).code) ?? "—",
          it.side === "defendant" ? "Réu" : it.side === "plaintiff" ? "Autor" : cell("side", it.side),
          `${str(obj(it.class).name) ?? "—"} / ${str(obj(it.subject).name) ?? "—"}`,
          cell("status", it.status),
          formatMoney(num(it.claimValue)),
          formatDate(str(it.filedAt)),
        ]),
      [0.22, 0.07, 0.06, 0.29, 0.11, 0.13, 0.12],
    );
    if (items.length > 60) w.note(`E mais ${items.length - 60} processo(s) não listados.`);
  } else if (legacy.length) {
    w.generic({ processos: legacy });
  } else if (!Object.keys(counters).length) {
    w.generic(block);
  } else {
    w.note("Nenhum processo encontrado.");
  }
}

function ownersLawsuitsBlock(w: Writer, block: unknown) {
  if (block === undefined) return;
  w.section("Processos dos sócios");
  if (!isObj(block)) return w.note("Módulo sem dados.");
  w.pairs([
    ["Sócios", cell("n", block.totalOwners)],
    ["Sócios com processos", cell("n", block.ownersWithLawsuits)],
    ["Processos", cell("n", block.totalLawsuits)],
  ]);
  const owners = arr(block.owners).map(obj);
  if (owners.length) {
    w.table(
      ["Sócio", "Documento", "Qualificação", "Processos", "Como réu", "Em andamento"],
      owners.map((o) => {
        const c = obj(o.counters);
        return [
          str(o.name) ?? "—",
          maskedDocument(str(o.document)),
          cell("qualification", o.qualification),
          cell("n", c.total),
          cell("n", c.asDefendant),
          cell("n", c.active),
        ];
      }),
      [0.3, 0.17, 0.2, 0.11, 0.11, 0.11],
    );
  }
}

function relatedBlock(w: Writer, data: ReportData, block: unknown) {
  if (block === undefined) return;
  w.section("Relacionados");
  if (!isObj(block)) return w.note("Módulo sem dados.");
  const net = reportNetwork({ ...data.verification }, 1000);
  const totals = obj(block.totals);
  if (Object.keys(totals).length)
    w.pairs(
      Object.entries(totals).map(([k, v]) => [
        (
          {
            total: "Total",
            persons: "Pessoas",
            companies: "Empresas",
            personal: "Parentesco",
            ownerships: "Sociedades",
            employments: "Empregos",
            representations: "Representações",
          } as Record<string, string>
        )[k] ?? label(k),
        cell("n", v),
      ]),
    );
  const indicators = obj(block.indicators);
  if (Object.keys(indicators).length) {
    const NAMES: Record<string, string> = {
      relatedWithLawsuits: "Com processos",
      deceasedBusinessRelations: "Relações com falecidos",
      relatedOnServiceRestrictiveList: "Em lista restritiva do serviço",
      inactiveCompanies: "Empresas inativas",
    };
    w.pairs(Object.entries(indicators).map(([k, v]) => [NAMES[k] ?? label(k), cell(k, v)]));
  }
  const parties = dossierFacts({ ...data.verification, score: null }).related.parties;
  if (parties.length) {
    w.table(
      ["Nome", "Documento", "Vínculo", "Situação", "Processos"],
      parties
        .slice(0, 80)
        .map((p) => [
          p.name ?? "—",
          maskedDocument(p.document),
          roleLabel(p.role),
          p.registryStatus ?? "—",
          p.lawsuitsTotal === null ? "—" : formatInteger(p.lawsuitsTotal),
        ]),
      [0.34, 0.2, 0.2, 0.16, 0.1],
    );
    if (parties.length > 80) w.note(`E mais ${parties.length - 80} relacionado(s) não listados.`);
  }
  if (net) networkDrawing(w, reportNetwork({ ...data.verification })!);
}

function networkDrawing(w: Writer, net: ReportNetwork) {
  const d = w.doc;
  const size = 300;
  if (net.nodes.length > 1) w.ensure(size + 70);
  w.subheading("Rede de processos");
  if (net.nodes.length <= 1) return w.note("Sem relacionados para desenhar.");
  const top = d.y;
  const cx = PAGE.margin + CONTENT_W / 2;
  const cy = top + size / 2;
  const ring = size / 2 - 30;
  const maxLawsuits = Math.max(1, ...net.nodes.map((n) => n.lawsuits ?? 0));
  const radius = (n: { lawsuits: number | null; holder: boolean }) => (n.holder ? 14 : 4 + 8 * Math.sqrt((n.lawsuits ?? 0) / maxLawsuits));
  const others = net.nodes.filter((n) => !n.holder);
  const pos = new Map<string, [number, number]>([["holder", [cx, cy]]]);
  others.forEach((n, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / others.length;
    pos.set(n.id, [cx + ring * Math.cos(angle), cy + ring * Math.sin(angle)]);
  });
  d.roundedRect(PAGE.margin, top, CONTENT_W, size, 6).lineWidth(0.5).strokeColor(C.line).stroke();
  for (const e of net.edges) {
    const [x1, y1] = pos.get(e.from)!;
    const [x2, y2] = pos.get(e.to)!;
    d.moveTo(x1, y1)
      .lineTo(x2, y2)
      .lineWidth(0.8)
      .strokeColor(GROUP_COLORS[e.group] ?? C.node)
      .strokeOpacity(0.7)
      .stroke();
  }
  d.strokeOpacity(1);
  for (const n of net.nodes) {
    const [x, y] = pos.get(n.id)!;
    const fill = n.holder ? C.brand : n.alert ? C.high : (n.lawsuits ?? 0) > 0 ? C.medium : C.low;
    const r = radius(n);
    if (n.entity === "company") d.rect(x - r, y - r, 2 * r, 2 * r).fillAndStroke(fill, "#ffffff");
    else d.circle(x, y, r).fillAndStroke(fill, "#ffffff");
    if (n.holder) continue;
    const angle = Math.atan2(y - cy, x - cx);
    const lx = x + Math.cos(angle) * (r + 4);
    const right = Math.cos(angle) >= 0;
    const text = winAnsi(`${n.name.length > 22 ? `${n.name.slice(0, 21)}…` : n.name}${n.lawsuits ? ` (${n.lawsuits})` : ""}`);
    d.fillColor(C.ink).font("Helvetica").fontSize(6);
    const tw = d.widthOfString(text);
    d.text(text, right ? lx : lx - tw, y + Math.sin(angle) * (r + 4) - 3, { lineBreak: false });
  }
  d.fillColor("#ffffff")
    .font("Helvetica-Bold")
    .fontSize(6)
    .text("Titular", cx - 20, cy - 3, { width: 40, align: "center", lineBreak: false });
  d.y = top + size + 6;
  d.x = PAGE.margin;
  // legend
  const legend: [string, string, "circle" | "square"][] = [
    [C.brand, "titular", "circle"],
    [C.low, "sem processos", "circle"],
    [C.medium, "com processos", "circle"],
    [C.high, "situação irregular/inativa", "circle"],
    [C.node, "empresa (quadrado)", "square"],
  ];
  let x = PAGE.margin;
  const y = d.y;
  for (const [color, text, shape] of legend) {
    if (shape === "circle") d.circle(x + 4, y + 4, 3.5).fill(color);
    else d.rect(x + 0.5, y + 0.5, 7, 7).fill(color);
    d.fillColor(C.muted)
      .font("Helvetica")
      .fontSize(7.5)
      .text(winAnsi(text), x + 11, y + 1, { lineBreak: false });
    x += 11 + d.widthOfString(winAnsi(text)) + 12;
  }
  d.y = y + 13;
  x = PAGE.margin;
  for (const [group, color] of Object.entries(GROUP_COLORS)) {
    if (!net.edges.some((e) => e.group === group)) continue;
    d.moveTo(x, d.y + 4)
      .lineTo(x + 14, d.y + 4)
      .lineWidth(1.5)
      .strokeColor(color)
      .stroke();
    d.fillColor(C.muted)
      .font("Helvetica")
      .fontSize(7.5)
      .text(winAnsi(GROUP_LABELS[group] ?? group), x + 18, d.y + 1, { lineBreak: false });
    x += 18 + d.widthOfString(winAnsi(GROUP_LABELS[group] ?? group)) + 12;
  }
  d.y += 13;
  d.x = PAGE.margin;
  w.note(
    `Tamanho do nó: número de processos (entre parênteses).${net.omitted ? ` ${net.omitted} relacionado(s) com menos processos não desenhados.` : ""}`,
  );
}

function restrictiveBlock(w: Writer, data: ReportData) {
  w.section("Lista restritiva");
  const r = data.restrictiveList;
  w.paragraph(
    r.listed ? "O documento consta na lista restritiva do workspace." : "O documento não consta na lista restritiva do workspace.",
    { font: "Helvetica-Bold", color: r.listed ? C.high : C.ink },
  );
  if (r.reason) w.paragraph(`Motivo: ${r.reason}`);
  const dates = [
    r.since ? `Incluído em ${formatDateTime(r.since)}` : null,
    r.expiresAt ? `expira em ${formatDateTime(r.expiresAt)}` : null,
  ].filter(Boolean);
  if (dates.length) w.paragraph(`${dates.join(", ")}.`);
  const rows: [string, string][] = [];
  if (r.listedAtCompletion !== undefined) rows.push(["Ao concluir", r.listedAtCompletion ? "Constava" : "Não constava"]);
  if (r.serviceListed !== undefined) rows.push(["Lista do serviço", r.serviceListed ? "Consta" : "Não consta"]);
  if (rows.length) w.pairs(rows);
  w.note(
    r.source === "workspace_list"
      ? `Situação da lista restritiva do workspace em ${formatDateTime(data.generatedAt)}.`
      : "Situação registrada no dossiê quando a verificação foi concluída.",
  );
}

function feedbackBlock(w: Writer, data: ReportData) {
  w.section("Histórico de decisões");
  if (data.feedbacks.length === 0) return w.note("Nenhuma decisão registrada para esta verificação.");
  w.table(
    ["Data", "Decisão", "Autor", "Motivos", "Comentário"],
    data.feedbacks.map((f) => [
      formatDateTime(f.createdAt),
      FEEDBACK_LABELS[f.status] ?? f.status,
      f.authorEmail ?? "—",
      f.reasons.join(", ") || "—",
      f.comment ?? "—",
    ]),
    [0.16, 0.12, 0.24, 0.2, 0.28],
  );
}

const KNOWN_SECTIONS = new Set(["profile", "finance", "financeAdvanced", "lawsuits", "ownersLawsuits", "related"]);

function footer(doc: Doc, data: ReportData) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin + 10;
    doc
      .moveTo(PAGE.margin, y - 6)
      .lineTo(PAGE.margin + CONTENT_W, y - 6)
      .lineWidth(0.5)
      .strokeColor(C.line)
      .stroke();
    doc.fillColor(C.muted).font("Helvetica").fontSize(7.5);
    doc.text(
      winAnsi(`Lupa · Verificação ${data.verification.id} · Gerado em ${formatDateTime(data.generatedAt)} (horário de Brasília)`),
      PAGE.margin,
      y,
      { width: CONTENT_W - 70, height: 10, lineBreak: false, ellipsis: true },
    );
    doc.text(winAnsi(`Página ${i - range.start + 1} de ${range.count}`), PAGE.margin, y, {
      width: CONTENT_W,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/** Builds the whole report in memory. */
export function buildVerificationPdf(data: ReportData): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: PAGE.margin,
      bufferPages: true,
      info: {
        Title: winAnsi(`Relatório de verificação ${data.verification.id}`),
        Author: "Lupa",
        Subject: "Relatório de verificação",
        CreationDate: data.generatedAt,
      },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      const w = new Writer(doc);
      const dossier = data.verification.dossier ?? {};
      header(w, data);
      scoreBlock(w, data);
      rulesBlock(w, data);
      summaryBlock(w, data.summary);
      inputBlock(w, data, data.summary);
      restrictiveBlock(w, data);
      feedbackBlock(w, data);
      if (data.verification.status === "COMPLETED" || data.verification.status === "ANALYZING" || Object.keys(dossier).length) {
        profileBlock(w, data, isObj(dossier.profile) ? dossier.profile : null);
        financeBlock(w, data, dossier.finance);
        if (dossier.financeAdvanced !== undefined) {
          w.section("Crédito: negativações e protestos");
          w.generic(dossier.financeAdvanced);
        }
        lawsuitsBlock(w, dossier.lawsuits, "Processos judiciais");
        ownersLawsuitsBlock(w, dossier.ownersLawsuits);
        relatedBlock(w, data, dossier.related);
        for (const [key, value] of Object.entries(dossier)) {
          if (KNOWN_SECTIONS.has(key)) continue;
          w.section(moduleLabel(key));
          if (value === null || value === undefined) w.note("Módulo sem dados.");
          else w.generic(value);
        }
      }
      footer(doc, data);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}
