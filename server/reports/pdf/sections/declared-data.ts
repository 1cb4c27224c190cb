// The declared data (input), with the summary's comparison when there is one.
import type { AiSummary } from "../../../ai/types";
import { fieldLabel } from "../../../ai/builtin";
import type { ReportData } from "../types";
import type { Writer } from "../layout";
import { maskedDocument } from "../text";

export function inputBlock(w: Writer, data: ReportData, s: AiSummary | null) {
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
