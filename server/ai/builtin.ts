// The built-in summarizer: deterministic and rule-based (no generative model), pt-BR. The same
// verification always gives the same text, highlights, verdict and risk level; `model` says so.
import { formatInteger, formatMoney, pluralize } from "../../lib/contract/format/number";
import { bandOf, decide, type HardStop } from "./bands";
import { dossierFacts, withListingNow, type DossierFacts } from "./facts";
import { checkInput } from "./input-checks";
import { areaLabel, listTypeLabel, moduleLabel, roleLabel, ruleLabel } from "./labels";
import { marked, realFacts, realScore, sourceFacts, sourcesSentence } from "./sources";
import type { InputCheck, Summarizer, SummaryDraft, SummaryInput, Verdict } from "./types";

export const BUILTIN_MODEL = "lupa-regras-1 (baseado em regras, sem IA generativa)";

export const VERDICT_LABELS: Record<Verdict, string> = { APPROVE: "aprovar", REVIEW: "revisar", REJECT: "reprovar" };
export const RISK_LABELS = { low: "baixo", medium: "médio", high: "alto" } as const;

const FIELD_LABELS: Record<string, string> = {
  "profile.name": "nome",
  "profile.nationalId": "documento",
  "profile.birthDate": "data de nascimento",
  "profile.motherName": "nome da mãe",
  "profile.contacts.phones": "telefone",
  "profile.contacts.emails": "e-mail",
  "profile.contacts.addresses.postalCode": "CEP",
  "profile.contacts.addresses.city": "cidade",
  "profile.contacts.addresses.state": "UF",
  "profile.tradeName": "nome fantasia",
  "profile.openingDate": "data de abertura",
};
export const fieldLabel = (field: string | null) => (field ? (FIELD_LABELS[field] ?? field) : "—");

const plural = (n: number, one: string, many: string) => `${formatInteger(n)} ${n === 1 ? one : many}`;

/** "a", "a e b", "a, b e c" */
export function joinPt(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} e ${items[items.length - 1]}`;
}

export function hardStopsOf(f: DossierFacts): HardStop[] {
  const stops: HardStop[] = [];
  if (!f.found || f.rules.includes("subject_not_found")) stops.push({ reason: "titular não encontrado na base cadastral" });
  if (f.person?.deceased || f.rules.includes("deceased_holder")) stops.push({ reason: "titular com registro de óbito" });
  if (f.blacklist.client) stops.push({ reason: "documento na lista restritiva do cliente" });
  return stops;
}

function holderSentence(f: DossierFacts): string {
  const kind = f.entity === "company" ? "CNPJ" : "CPF";
  if (!f.found)
    return `O documento ${kind} ${f.documentMasked} não tem titular na base cadastral consultada; nenhum outro dado foi coletado.`;
  const parts = [`${f.name ?? "Titular sem nome informado"} (${kind} ${f.documentMasked})`];
  if (f.person?.age !== null && f.person?.age !== undefined) parts.push(`${f.person.age} anos`);
  if (f.company?.tradeName) parts.push(`nome fantasia ${f.company.tradeName}`);
  if (f.company?.openingDate)
    parts.push(`aberta em ${f.company.openingDate.slice(8, 10)}/${f.company.openingDate.slice(5, 7)}/${f.company.openingDate.slice(0, 4)}`);
  const status = f.registryStatus ? `situação cadastral ${f.registryStatus} na Receita Federal` : "situação cadastral não informada";
  return `${parts.join(", ")}, ${status}${f.person?.deceased ? ", com registro de óbito" : ""}.`;
}

function restrictionsSentence(f: DossierFacts): string {
  const lists: string[] = [];
  if (f.blacklist.client) lists.push("na lista restritiva do cliente");
  if (f.blacklist.service)
    lists.push(`na lista restritiva do serviço${f.blacklist.serviceType ? ` (${listTypeLabel(f.blacklist.serviceType)})` : ""}`);
  let text = lists.length ? `Consta ${joinPt(lists)}.` : "Não consta em listas restritivas.";
  if (f.blacklist.clientAtCompletion === false)
    text += " Foi incluído na lista restritiva do cliente depois da conclusão da verificação (ao concluir, não constava).";
  if (f.blacklist.clientAtCompletion === true)
    text += " Foi retirado da lista restritiva do cliente depois da conclusão da verificação (ao concluir, constava).";
  const related: string[] = [];
  if (f.blacklist.relatedListed > 0) related.push(plural(f.blacklist.relatedListed, "pessoa relacionada", "pessoas relacionadas"));
  if (f.blacklist.companiesListed > 0) related.push(plural(f.blacklist.companiesListed, "empresa relacionada", "empresas relacionadas"));
  if (related.length)
    text += ` ${joinPt(related)} ${f.blacklist.relatedListed + f.blacklist.companiesListed === 1 ? "consta" : "constam"} em listas restritivas.`;
  return text;
}

function financeSentence(f: DossierFacts): string | null {
  const fin = f.finance;
  if (!fin.ran && !fin.advancedRan) return null;
  const parts: string[] = [];
  if (fin.salary !== null) parts.push(`renda estimada de ${formatMoney(fin.salary)}${fin.incomeBand ? ` (faixa ${fin.incomeBand})` : ""}`);
  else if (fin.incomeBand) parts.push(`${f.entity === "company" ? "faturamento presumido" : "faixa de renda"} ${fin.incomeBand}`);
  if (fin.collections !== null)
    parts.push(fin.collections > 0 ? plural(fin.collections, "cobrança registrada", "cobranças registradas") : "sem cobranças registradas");
  if (fin.taxDebt) parts.push("inscrição em dívida ativa");
  if (fin.restrictionNegative) parts.push("restrição de crédito ativa");
  if (fin.advancedRan) {
    const neg =
      fin.negativeRecords > 0 ? `${plural(fin.negativeRecords, "negativação", "negativações")} (${formatMoney(fin.negativeAmount)})` : null;
    const pro = fin.protests > 0 ? `${plural(fin.protests, "protesto", "protestos")} (${formatMoney(fin.protestAmount)})` : null;
    parts.push(neg || pro ? joinPt([neg, pro].filter((x): x is string => x !== null)) : "sem negativações nem protestos");
  }
  return parts.length ? `Financeiro: ${joinPt(parts)}.` : null;
}

function lawsuitsSentence(f: DossierFacts): string | null {
  const l = f.lawsuits;
  if (!l.ran) return null;
  if (l.total === 0) return "Não há processos judiciais encontrados.";
  const roles: string[] = [];
  if (l.asDefendant) roles.push(`${formatInteger(l.asDefendant)} como réu`);
  if (l.asPlaintiff) roles.push(`${formatInteger(l.asPlaintiff)} como autor`);
  const courts = l.byCourt.slice(0, 5).map(([court, n]) => `${court} (${formatInteger(n)})`);
  const more = l.byCourt.length > 5 ? ` e outros ${l.byCourt.length - 5}` : "";
  let text = `Processos: ${plural(l.total, "processo", "processos")}${roles.length ? ` (${joinPt(roles)})` : ""}, ${plural(l.active, "em andamento", "em andamento")}`;
  if (courts.length) text += `, nos tribunais ${joinPt(courts)}${more}`;
  text += ".";
  if (l.activeAsDefendant > 0) text += ` Valor das causas ativas como réu: ${formatMoney(l.activeClaimAsDefendant)}.`;
  if (l.criminal > 0) text += ` Há ${plural(l.criminal, "processo criminal", "processos criminais")}.`;
  const areas = new Map<string, number>();
  for (const it of l.items) if (it.area) areas.set(it.area, (areas.get(it.area) ?? 0) + 1);
  if (areas.size > 1)
    text += ` Áreas: ${joinPt([...areas.entries()].sort((a, b) => b[1] - a[1]).map(([a, n]) => `${areaLabel(a)} (${formatInteger(n)})`))}.`;
  return text;
}

function ownersSentence(f: DossierFacts): string | null {
  const o = f.ownersLawsuits;
  if (!o) return null;
  if (o.total === 0)
    return o.owners === 1 ? "O único sócio não tem processos." : `Nenhum dos ${formatInteger(o.owners)} sócios tem processos.`;
  return `Sócios: ${formatInteger(o.ownersWithLawsuits)} de ${formatInteger(o.owners)} com processos (${plural(o.total, "processo", "processos")} no total).`;
}

function relatedSentence(f: DossierFacts): string | null {
  const r = f.related;
  if (!r.ran) return null;
  if (r.parties.length === 0) return "Não foram encontrados relacionados.";
  const persons = r.parties.filter((p) => p.entity === "person").length;
  const companies = r.parties.length - persons;
  const roles = new Map<string, number>();
  for (const p of r.parties) roles.set(roleLabel(p.role), (roles.get(roleLabel(p.role)) ?? 0) + 1);
  const topRoles = [...roles.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([role, n]) => `${role} (${n})`);
  const notes: string[] = [];
  if (r.withLawsuits > 0) notes.push(`${formatInteger(r.withLawsuits)} com processos`);
  if (r.deceased > 0) notes.push(plural(r.deceased, "falecido", "falecidos"));
  if (r.inactiveCompanies > 0) notes.push(plural(r.inactiveCompanies, "empresa inativa", "empresas inativas"));
  if (r.listed > 0) notes.push(`${formatInteger(r.listed)} em lista restritiva do serviço`);
  return `Relacionados: ${plural(r.parties.length, "vínculo", "vínculos")} (${plural(persons, "pessoa", "pessoas")}, ${plural(companies, "empresa", "empresas")}), principalmente ${joinPt(topRoles)}${notes.length ? `; ${joinPt(notes)}` : ""}.`;
}

function rulesSentence(f: DossierFacts): string {
  if (f.rules.length === 0) return "Nenhuma regra de risco foi acionada.";
  return `Regras acionadas: ${joinPt([...new Set(f.rules.map(ruleLabel))])}.`;
}

function inputSentence(checks: InputCheck[]): string | null {
  const compared = checks.filter((c) => c.status === "match" || c.status === "mismatch");
  if (checks.length === 0) return null;
  const mismatches = compared.filter((c) => c.status === "mismatch");
  if (compared.length === 0)
    return `Nenhum dos ${plural(checks.length, "dado declarado", "dados declarados")} pôde ser conferido com os dados encontrados.`;
  const head = `Dados declarados: ${formatInteger(compared.length - mismatches.length)} de ${formatInteger(compared.length)} conferidos batem com os dados encontrados`;
  return mismatches.length ? `${head}; divergem: ${joinPt(mismatches.map((m) => fieldLabel(m.field)))}.` : `${head}.`;
}

function highlightsOf(f: DossierFacts, checks: InputCheck[], stops: HardStop[]): string[] {
  const h: string[] = [];
  for (const stop of stops) h.push(`Impeditivo: ${stop.reason}.`);
  if (f.registryStatus && !["Regular", "Ativa", "Titular Falecido"].includes(f.registryStatus))
    h.push(`Situação cadastral ${f.registryStatus}.`);
  if (f.blacklist.service) h.push("Consta na lista restritiva do serviço.");
  for (const m of checks.filter((c) => c.status === "mismatch")) {
    h.push(`Divergência de ${fieldLabel(m.field)}: declarado "${m.declared}", encontrado "${m.found ?? "—"}".`);
  }
  const compared = checks.filter((c) => c.status === "match" || c.status === "mismatch");
  if (compared.length > 0 && compared.every((c) => c.status === "match"))
    h.push(`Os ${plural(compared.length, "dado declarado confere", "dados declarados conferem")} com os dados encontrados.`);
  if (f.lawsuits.criminal > 0) h.push(`${plural(f.lawsuits.criminal, "processo criminal", "processos criminais")}.`);
  if (f.lawsuits.activeAsDefendant > 0)
    h.push(
      `${plural(f.lawsuits.activeAsDefendant, "processo ativo", "processos ativos")} como réu, ${formatMoney(f.lawsuits.activeClaimAsDefendant)} em causas.`,
    );
  if (f.finance.negativeRecords > 0)
    h.push(`${plural(f.finance.negativeRecords, "negativação", "negativações")} de crédito (${formatMoney(f.finance.negativeAmount)}).`);
  if (f.finance.protests > 0) h.push(`${plural(f.finance.protests, "protesto", "protestos")} (${formatMoney(f.finance.protestAmount)}).`);
  if (f.finance.taxDebt) h.push("Inscrição em dívida ativa.");
  if (f.blacklist.relatedListed + f.blacklist.companiesListed > 0)
    h.push(`${pluralize(f.blacklist.relatedListed + f.blacklist.companiesListed, "relacionado", "relacionados")} em listas restritivas.`);
  if (f.related.deceased > 0) h.push(`${plural(f.related.deceased, "relacionado falecido", "relacionados falecidos")}.`);
  if (f.related.inactiveCompanies > 0)
    h.push(`${plural(f.related.inactiveCompanies, "empresa relacionada inativa", "empresas relacionadas inativas")}.`);
  if (f.ownersLawsuits && f.ownersLawsuits.ownersWithLawsuits > 0)
    h.push(`${pluralize(f.ownersLawsuits.ownersWithLawsuits, "sócio", "sócios")} com processos.`);
  if (h.length === 0) h.push("Nenhum ponto de atenção nos dados coletados.");
  return h;
}

/** Facts, checks and decision of a verification: the built-in summary and the external model's brief. */
export function analyse(input: SummaryInput) {
  const facts = withListingNow(
    dossierFacts({
      entity: input.entity,
      nationalId: input.nationalId,
      dossier: input.dossier,
      result: input.result,
      score: input.score,
    }),
    input.listing,
  );
  const inputChecks = checkInput(input.input, input.dossier, input.nationalId);
  const stops = hardStopsOf(facts);
  // invented data beside real data never decides: the verdict rests on the real modules' score
  const sources = sourceFacts(input.sources);
  const real = realScore(facts, sources.fictitious);
  const decision = decide(real, stops, inputChecks);
  return { facts, inputChecks, stops, decision, sources, real };
}

/** The reasons beyond the score band (hard stops, identity mismatch), in parentheses. */
function why(reasons: string[], stops: HardStop[]): string {
  const extra = stops.length ? stops.map((s) => s.reason) : reasons.filter((r) => !r.startsWith("pontuação"));
  return extra.length ? ` (${joinPt(extra)})` : "";
}

export function builtinDraft(input: SummaryInput): SummaryDraft {
  const { facts, inputChecks, stops, decision, sources, real } = analyse(input);
  const band = decision.band ?? bandOf(real);
  const closing =
    real !== null
      ? `Pontuação ${formatInteger(real)} de 1.000${sources.fictitious.length ? " pelos dados reais" : ""}${band ? ` (faixa de ${band.name})` : ""}: recomendação ${VERDICT_LABELS[decision.verdict]}, risco ${RISK_LABELS[decision.riskLevel]}${why(decision.reasons, stops)}.`
      : `Recomendação ${VERDICT_LABELS[decision.verdict]}, risco ${RISK_LABELS[decision.riskLevel]}.`;
  const sentences = facts.found
    ? [
        holderSentence(facts),
        restrictionsSentence(facts),
        marked(sources, "finance", financeSentence(facts)),
        marked(sources, "lawsuits", lawsuitsSentence(facts)),
        marked(sources, "ownersLawsuits", ownersSentence(facts)),
        marked(sources, "related", relatedSentence(facts)),
        rulesSentence(facts),
        inputSentence(inputChecks),
        sourcesSentence(sources, facts.score, real),
        closing,
      ]
    : [holderSentence(facts), inputSentence(inputChecks), closing];
  const highlights = highlightsOf(realFacts(facts, sources.fictitious), inputChecks, stops);
  if (sources.fictitious.length > 0)
    highlights.unshift(
      `Dados fictícios (sandbox) em ${joinPt(sources.fictitious.map((m) => moduleLabel(m).toLowerCase()))}: fora da recomendação.`,
    );
  return {
    summary: sentences.filter((s): s is string => s !== null).join(" "),
    verdict: decision.verdict,
    riskLevel: decision.riskLevel,
    highlights: highlights.filter(
      (h, i) => !(sources.fictitious.length > 0 && h === "Nenhum ponto de atenção nos dados coletados." && i > 0),
    ),
    mismatches: inputChecks.filter((c) => c.status === "mismatch"),
    inputChecks,
    scoreBand: band ? { name: band.name, min: band.min, max: band.max } : null,
    model: BUILTIN_MODEL,
    provider: "builtin",
    fallback: null,
  };
}

export const builtinSummarizer: Summarizer = {
  name: BUILTIN_MODEL,
  summarize: async (input) => builtinDraft(input),
};
