// What "Caminho até…" and `?node=` accept, read without the service: a node id as the graph
// writes it, a CNPJ (14 digits, dotted or not), a CPF (11 digits), or a reference the console's
// server turns into a node without the browser ever holding a document: `case:<verificationId>`
// (the case's holder), `related:<verificationId>:<key>` (a related party of the case's dossier),
// `enrichment:<id>` (the enrichment's document). Plain functions (test/unit/investigate-graph.test.ts).

export const NODE_ID = /^(company:\d{14}|partner:[^:]{1,20}:[^:]{1,200}|person:[0-9a-fA-F-]{36}|lawsuit:[0-9.-]{1,40})$/;

const UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
const CASE_REF = new RegExp(`^case:(${UUID})$`);
const RELATED_REF = new RegExp(`^related:(${UUID}):((?:personal|ownerships|employments|representations)-\\d{1,5})$`);
const ENRICHMENT_REF = /^enrichment:([A-Za-z0-9_-]{1,64})$/;

export type NodeInput =
  | { kind: "node"; id: string }
  | { kind: "cnpj"; id: string }
  | { kind: "cpf"; digits: string }
  | { kind: "case"; caseId: string }
  | { kind: "related"; caseId: string; key: string }
  | { kind: "enrichment"; enrichmentId: string }
  | { kind: "invalid" };

export function readNodeInput(raw: string | null | undefined): NodeInput {
  const text = (raw ?? "").trim();
  if (text.length === 0 || text.length > 240) return { kind: "invalid" };
  if (NODE_ID.test(text)) return { kind: "node", id: text };
  const ref = CASE_REF.exec(text);
  if (ref) return { kind: "case", caseId: ref[1]!.toLowerCase() };
  const related = RELATED_REF.exec(text);
  if (related) return { kind: "related", caseId: related[1]!.toLowerCase(), key: related[2]! };
  const enrichment = ENRICHMENT_REF.exec(text);
  if (enrichment) return { kind: "enrichment", enrichmentId: enrichment[1]! };
  if (/^[\d.\-/\s]+$/.test(text)) {
    const digits = text.replace(/\D/g, "");
    if (digits.length === 14) return { kind: "cnpj", id: `company:${digits}` };
    if (digits.length === 11) return { kind: "cpf", digits };
  }
  return { kind: "invalid" };
}
