// Node ids of the investigation graph (issue 33; docs/graph.md): stable and typed.
// company:<cnpj>                 an establishment of the registry (its CNPJ is public registry data)
// partner:<masked>:<folded name> a partner as Receita publishes it: masked CPF ***123456** ("-" when
//                                none) and the name folded (upper case, no accents, single spaces)
// person:<verificationId>        a verified person: one of the workspace's cases (never a CPF)
// lawsuit:<number>               a lawsuit of the lawsuits dataset, by its CNJ number
import { isValidCnpj } from "../../lib/contract/documents";
import { nameKey } from "../registry/sanctions";

export type NodeRef =
  | { type: "company"; id: string; cnpj: string }
  | { type: "partner"; id: string; masked: string | null; name: string }
  | { type: "person"; id: string; verificationId: string }
  | { type: "lawsuit"; id: string; number: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MASKED = /^\*{3}\d{6}\*{2}$/;
const CNJ = /^[0-9.-]{1,40}$/;

export const companyId = (cnpj: string) => `company:${cnpj}`;
export const personId = (verificationId: string) => `person:${verificationId.toLowerCase()}`;
export const lawsuitId = (number: string) => `lawsuit:${number}`;

/** A partner's id: the masked CPF when it is one, "-" otherwise, and the folded name. */
export function partnerId(document: string | null, name: string): string {
  const masked = document && MASKED.test(document) ? document : "-";
  return `partner:${masked}:${nameKey(name.replace(/:/g, " "))}`;
}

/** The masked CPF of a full one, as Receita publishes it (digits 4 to 9). */
export const maskedOf = (cpf: string) => `***${cpf.slice(3, 9)}**`;

/** Parses an id; null when it is not one (the routes answer 404 not_found). */
export function parseNodeId(id: string): NodeRef | null {
  const at = id.indexOf(":");
  if (at < 0) return null;
  const type = id.slice(0, at);
  const rest = id.slice(at + 1);
  switch (type) {
    case "company":
      return /^\d{14}$/.test(rest) && isValidCnpj(rest) ? { type, id, cnpj: rest } : null;
    case "partner": {
      const sep = rest.indexOf(":");
      if (sep < 0) return null;
      const masked = rest.slice(0, sep);
      const name = rest.slice(sep + 1);
      if (!(masked === "-" || MASKED.test(masked)) || name.length === 0 || name.length > 200 || name !== nameKey(name)) return null;
      return { type, id, masked: masked === "-" ? null : masked, name };
    }
    case "person":
      return UUID.test(rest) ? { type, id: personId(rest), verificationId: rest.toLowerCase() } : null;
    case "lawsuit":
      return CNJ.test(rest) ? { type, id, number: rest } : null;
    default:
      return null;
  }
}
