// The words of the CNH reading and the face match (issue 29): the console's "Documentos e
// biometria" section and the PDF report say the same. Plain constants and functions: the
// console's browser code imports this file.

/** How a field read on the CNH compares with the registry (server/providers/cnh/compare.ts). */
export type CnhComparison = "equal" | "different" | "missing";

/** The CNH's fields, as labelled in the console. */
export const CNH_LABELS = {
  field: "Campo",
  read: "Lido na CNH",
  registry: "Cadastro",
  comparison: "Comparação",
  name: "Nome",
  cpf: "CPF",
  birthDate: "Data de nascimento",
  registrationNumber: "Nº de registro",
  category: "Categoria",
  expiryDate: "Validade",
  expired: "Vencida",
  valid: "válida",
  ocrConfidence: "Confiança da leitura",
  notRead: "não lido",
} as const;

/** A field's comparison in words: "Confere", "Diverge do cadastro", or why it was not compared. */
export function cnhComparisonLabel(comparison: CnhComparison, read: string | null, registry: string | null): string {
  if (comparison === "equal") return "Confere";
  if (comparison === "different") return "Diverge do cadastro";
  return read === null ? "não lido" : registry === null ? "sem dado no cadastro" : "não comparado";
}

/** What the face was compared with (faceRecognition.comparedWith). */
export const FACE_COMPARED_WITH: Readonly<Record<"cnh" | "biometrics", string>> = {
  cnh: "o rosto da foto da CNH enviada na mesma verificação",
  biometrics: "a foto de referência da base biométrica",
};

/** "Comparado com: …" (or why nothing was compared). */
export function faceComparedWithLabel(face: { faceDetected: boolean | null; comparedWith: string | null }): string {
  if (face.faceDetected === false) return "Sem rosto na foto enviada: nada foi comparado.";
  const reference =
    face.comparedWith === "cnh" || face.comparedWith === "biometrics"
      ? FACE_COMPARED_WITH[face.comparedWith]
      : "nenhuma referência encontrada (nem na CNH, nem na base biométrica)";
  return `Comparado com: ${reference}.`;
}

/** The face match's result in words; a face compared with nothing (no similarity) has no result. */
export function faceResultLabel(face: { faceDetected: boolean | null; match: boolean | null; similarity: number | null }): string {
  if (face.faceDetected === false) return "Nenhum rosto detectado";
  if (face.similarity === null) return "Sem referência para comparar";
  if (face.match === true) return "Compatível";
  if (face.match === false) return "Incompatível";
  return "Sem referência para comparar";
}

/** "1 rosto detectado na foto", "2 rostos detectados na foto". */
export function facesDetectedLabel(count: number): string {
  return count === 1 ? "1 rosto detectado na foto" : `${count} rostos detectados na foto`;
}

/** The face match's labels. */
export const FACE_LABELS = {
  result: "Resultado",
  faces: "Rostos na foto",
  similarity: "Similaridade",
  threshold: "Limite para compatível",
} as const;

/** A decimal in pt-BR ("0,612"). */
export function decimalLabel(value: number, digits: number): string {
  return value.toLocaleString("pt-BR", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
