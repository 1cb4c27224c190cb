// The label of an AI summary's text written by an external generative model, shown wherever that
// text is (the console's "Resumo da IA" panel, the PDF report). No zod here: the console's browser
// code imports it.

/** The label for a summary whose paragraph and highlights a model wrote; null for the rule-based text. */
export function generatedTextLabel(summary: { provider: string; model: string }): string | null {
  if (summary.provider !== "openai-compatible") return null;
  return `Texto gerado por IA (${summary.model}): o parágrafo e os destaques foram escritos por um modelo de linguagem e podem conter erros. Confira-os no dossiê; a recomendação e as divergências vêm das regras.`;
}
