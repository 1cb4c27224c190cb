// What "Caminho até…" and `?node=` accept, read without the service: a node id as the graph
// writes it, a CNPJ (14 digits, dotted or not) or a CPF (11 digits). Plain functions: the page's
// form and the BFF both use them (test/unit/investigate-node-input.test.ts).

export const NODE_ID = /^(company:\d{14}|partner:[^:]{1,20}:[^:]{1,200}|person:[0-9a-fA-F-]{36}|lawsuit:[0-9.-]{1,40})$/;

export type NodeInput = { kind: "node"; id: string } | { kind: "cnpj"; id: string } | { kind: "cpf"; digits: string } | { kind: "invalid" };

export function readNodeInput(raw: string | null | undefined): NodeInput {
  const text = (raw ?? "").trim();
  if (text.length === 0 || text.length > 240) return { kind: "invalid" };
  if (NODE_ID.test(text)) return { kind: "node", id: text };
  if (/^[\d.\-/\s]+$/.test(text)) {
    const digits = text.replace(/\D/g, "");
    if (digits.length === 14) return { kind: "cnpj", id: `company:${digits}` };
    if (digits.length === 11) return { kind: "cpf", digits };
  }
  return { kind: "invalid" };
}
