// The OpenAI-compatible summarizer, used when LUPA_AI_URL is set (docs/configuration.md): it sends
// the facts of the verification (documents masked, never the raw number) to
// POST {LUPA_AI_URL}/chat/completions, asks for structured JSON (response_format json_schema) and
// validates the answer. The model writes the paragraph and the highlights; the verdict, the risk
// level and the comparison of the declared data stay rule-based (bands.ts), so the decision is
// never delegated to a generative model. On a timeout, an HTTP or network error, or an answer that
// is not the JSON asked for, the built-in summary is answered instead and says so (`fallback`,
// and `model` names both).
import { z } from "zod";
import { normalizeDocument, maskDocument } from "../../lib/contract/documents";
import { analyse, BUILTIN_MODEL, builtinDraft, VERDICT_LABELS } from "./builtin";
import { moduleLabel, roleLabel, ruleLabel } from "./labels";
import type { FallbackReason, Summarizer, SummaryDraft, SummaryInput } from "./types";

export interface OpenAiOptions {
  /** Base URL; the request goes to `${url}/chat/completions`. */
  url: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
  /** Called when the built-in summary is answered instead (for the log). */
  onFallback?: (reason: FallbackReason, detail: string) => void;
}

const Answer = z
  .object({
    summary: z.string().trim().min(20).max(6000),
    highlights: z.array(z.string().trim().min(1).max(500)).max(20),
  })
  .strict();

const ANSWER_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["summary", "highlights"],
  properties: {
    summary: { type: "string", description: "Um parágrafo em português do Brasil." },
    highlights: { type: "array", items: { type: "string" }, maxItems: 20 },
  },
} as const;

const SYSTEM_PROMPT = [
  "Você é um analista de prevenção a fraudes e de KYC/KYB no Brasil.",
  "Escreva em português do Brasil, em tom profissional e objetivo, para um gestor.",
  "Use somente os fatos fornecidos; não invente dados. Documentos aparecem mascarados e assim devem continuar.",
  "O veredito e o nível de risco já foram decididos por regras: mencione-os, não os altere.",
  'Responda apenas com JSON: {"summary": um parágrafo que cubra titular, situação cadastral, finanças e restrições,',
  'processos por polo e tribunal, relacionados e regras acionadas; "highlights": até 8 pontos de atenção curtos,',
  "incluindo divergências entre os dados declarados e os encontrados}.",
].join(" ");

// CPF (formatted or not) and CNPJ (numeric or alphanumeric, formatted or not)
const DOCUMENT_LIKE = /\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b|\b[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}\b/g;

/** Masks every valid CPF/CNPJ in a text (and the verification's own document in any spelling). */
export function maskDocuments(text: string, own: string): string {
  const masked = text.replace(DOCUMENT_LIKE, (m) => (normalizeDocument(m) ? maskDocument(m) : m));
  return own ? masked.split(own).join(maskDocument(own)) : masked;
}

/** What the external model is told: facts and decision, with documents masked and no related party's name or document. */
export function briefOf(input: SummaryInput): Record<string, unknown> {
  const { facts: f, inputChecks, stops, decision } = analyse(input);
  const roles = new Map<string, number>();
  for (const p of f.related.parties) roles.set(roleLabel(p.role), (roles.get(roleLabel(p.role)) ?? 0) + 1);
  return {
    tipo: f.entity === "company" ? "pessoa jurídica (CNPJ)" : "pessoa física (CPF)",
    titularEncontrado: f.found,
    titular: f.name,
    documento: f.documentMasked,
    situacaoCadastral: f.registryStatus,
    pessoa: f.person,
    empresa: f.company,
    listasRestritivas: f.blacklist,
    financeiro: f.finance,
    processos: {
      total: f.lawsuits.total,
      comoReu: f.lawsuits.asDefendant,
      comoAutor: f.lawsuits.asPlaintiff,
      emAndamento: f.lawsuits.active,
      ativosComoReu: f.lawsuits.activeAsDefendant,
      valorAtivoComoReu: f.lawsuits.activeClaimAsDefendant,
      criminais: f.lawsuits.criminal,
      porTribunal: Object.fromEntries(f.lawsuits.byCourt),
    },
    processosDosSocios: f.ownersLawsuits,
    relacionados: {
      total: f.related.parties.length,
      porVinculo: Object.fromEntries(roles),
      comProcessos: f.related.withLawsuits,
      falecidos: f.related.deceased,
      empresasInativas: f.related.inactiveCompanies,
      emListaRestritivaDoServico: f.related.listed,
    },
    regrasAcionadas: [...new Set(f.rules.map(ruleLabel))],
    pontuacao: f.score,
    distribuicaoDaPontuacao: f.scoreDistribution.map((d) => ({ modulo: moduleLabel(d.module), percentual: d.percent })),
    faixa: decision.band ? { nome: decision.band.name, de: decision.band.min, ate: decision.band.max } : null,
    veredito: VERDICT_LABELS[decision.verdict],
    nivelDeRisco: decision.riskLevel,
    impeditivos: stops.map((s) => s.reason),
    dadosDeclarados: inputChecks.map((c) => ({ atributo: c.attribute, declarado: c.declared, encontrado: c.found, resultado: c.status })),
  };
}

export function createOpenAiSummarizer(options: OpenAiOptions): Summarizer {
  const endpoint = `${options.url.replace(/\/+$/, "")}/chat/completions`;
  const fallback = (base: SummaryDraft, reason: FallbackReason, detail: string): SummaryDraft => {
    options.onFallback?.(reason, detail);
    return { ...base, model: `${BUILTIN_MODEL}; fallback de ${options.model} (${reason})`, fallback: reason };
  };
  return {
    name: options.model,
    async summarize(input) {
      const base = builtinDraft(input);
      const brief = maskDocuments(JSON.stringify(briefOf(input)), input.nationalId);
      const body = JSON.stringify({
        model: options.model,
        temperature: 0,
        messages: [
          { role: "system", content: SYSTEM_PROMPT },
          { role: "user", content: `Fatos da verificação (JSON):\n${brief}` },
        ],
        response_format: { type: "json_schema", json_schema: { name: "lupa_ai_summary", strict: true, schema: ANSWER_SCHEMA } },
      });
      let text: string;
      try {
        const res = await fetch(endpoint, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body,
          redirect: "error",
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!res.ok) {
          await res.body?.cancel().catch(() => {});
          return fallback(base, "http_error", `status ${res.status}`);
        }
        text = await res.text();
      } catch (err) {
        const name = (err as Error).name;
        return name === "TimeoutError" || name === "AbortError"
          ? fallback(base, "timeout", `no answer within ${options.timeoutMs} ms`)
          : fallback(base, "network_error", name);
      }
      let answer: z.infer<typeof Answer>;
      try {
        const content = (JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
        if (typeof content !== "string") return fallback(base, "invalid_output", "no message content");
        const parsed = Answer.safeParse(JSON.parse(content));
        if (!parsed.success) return fallback(base, "invalid_output", "answer does not match the schema");
        answer = parsed.data;
      } catch {
        return fallback(base, "invalid_output", "answer is not JSON");
      }
      return {
        ...base,
        summary: maskDocuments(answer.summary, input.nationalId),
        // hard stops and mismatches stay listed whatever the model chose to highlight
        highlights: [
          ...new Set([
            ...base.highlights.filter((h) => h.startsWith("Impeditivo") || h.startsWith("Divergência")),
            ...answer.highlights.map((h) => maskDocuments(h, input.nationalId)),
          ]),
        ],
        model: options.model,
        provider: "openai-compatible",
        fallback: null,
      };
    },
  };
}
