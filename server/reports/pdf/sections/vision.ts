// The CNH read and the face match (the verification's own steps), and the biometric reference
// (the biometrics dataset), with the console's labels and layout ("Documentos e biometria",
// lib/contract/vision-labels.ts): each field read on the CNH beside the registry's, with its
// comparison in words; the face match's result, similarity and threshold. Each names its source.
import { readDossier, isBag } from "../../../../lib/contract/dossier-read";
import { FICTITIOUS_LABEL, providerName, type ModuleSourceView } from "../../../../lib/contract/source-labels";
import {
  CNH_LABELS,
  FACE_LABELS,
  cnhComparisonLabel,
  decimalLabel,
  faceComparedWithLabel,
  faceResultLabel,
  facesDetectedLabel,
  type CnhComparison,
} from "../../../../lib/contract/vision-labels";
import type { ReportData } from "../types";
import { C, type Writer } from "../layout";
import { formatDate, maskedDocument } from "../text";
import { sourceLineOf } from "./source";

type Bag = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : null);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const bool = (v: unknown) => (typeof v === "boolean" ? v : null);
const comparison = (v: unknown): CnhComparison | null => (v === "equal" || v === "different" || v === "missing" ? v : null);
const date = (v: unknown) => (str(v) ? formatDate(str(v)!) : null);

/** The service read the CNH itself: no dataset answered it. */
export const CNH_SOURCE = { text: "Fonte: leitura da imagem da CNH enviada, feita pelo próprio serviço (OCR)", warn: false };
export const FACE_SOURCE = { text: "Fonte: comparação facial feita pelo próprio serviço com a foto enviada", warn: false };

export function cnhBlock(w: Writer, data: ReportData, cnh: unknown) {
  w.sourceLine(CNH_SOURCE);
  w.section("CNH");
  if (!isBag(cnh)) return w.note("A CNH enviada não foi lida.");
  const registry = readDossier(data.verification.dossier ?? {}).profile;
  const person = registry?.kind === "person" ? registry : null;
  const compared = isBag(cnh.comparison) ? cnh.comparison : {};
  const rows: [string, string | null, string | null, CnhComparison | null][] = [
    [CNH_LABELS.name, str(cnh.name), person?.name ?? null, comparison(compared.name)],
    [
      CNH_LABELS.cpf,
      str(cnh.cpf) ? maskedDocument(str(cnh.cpf)) : null,
      maskedDocument(data.verification.nationalId),
      comparison(compared.cpf),
    ],
    [CNH_LABELS.birthDate, date(cnh.birthDate), person?.birthDate ? formatDate(person.birthDate) : null, comparison(compared.birthDate)],
  ];
  // a field that differs from the registry in red, one that agrees in green (the console's colours)
  const tone = (cmp: CnhComparison | null) => (cmp === "different" ? C.high : cmp === "equal" ? C.low : undefined);
  w.table(
    [CNH_LABELS.field, CNH_LABELS.read, CNH_LABELS.registry, CNH_LABELS.comparison],
    rows.map(([field, read, reg, cmp]) => [field, read ?? CNH_LABELS.notRead, reg ?? "—", cmp ? cnhComparisonLabel(cmp, read, reg) : "—"]),
    [0.2, 0.3, 0.3, 0.2],
    (row, column) => (column === 3 || (column === 1 && rows[row]![3] === "different") ? tone(rows[row]![3]) : undefined),
  );
  const expiry = date(cnh.expiryDate);
  const expired = bool(cnh.expired);
  const confidence = num(cnh.ocrConfidence);
  w.pairs([
    [CNH_LABELS.registrationNumber, str(cnh.registrationNumber) ?? CNH_LABELS.notRead],
    [CNH_LABELS.category, str(cnh.category) ?? CNH_LABELS.notRead],
    [
      CNH_LABELS.expiryDate,
      expiry ? `${expiry}${expired ? ` · ${CNH_LABELS.expired}` : expired === false ? ` (${CNH_LABELS.valid})` : ""}` : CNH_LABELS.notRead,
      expired ? C.high : C.ink,
    ],
    [CNH_LABELS.ocrConfidence, confidence !== null ? `${decimalLabel(confidence, 0)}%` : CNH_LABELS.notRead],
  ]);
}

export function faceBlock(w: Writer, face: unknown) {
  w.sourceLine(FACE_SOURCE);
  w.section("Biometria");
  if (!isBag(face)) return w.note("A comparação facial não foi feita.");
  const view = {
    faceDetected: bool(face.faceDetected),
    match: bool(face.match),
    similarity: num(face.similarity),
    comparedWith: str(face.comparedWith),
  };
  const faces = num(face.facesDetected);
  const threshold = num(face.threshold);
  // the console's colours: a match in green, a mismatch or no face in red, no reference in ink
  const tone = view.faceDetected === false ? C.high : view.similarity === null || view.match === null ? C.ink : view.match ? C.low : C.high;
  w.pairs([
    [FACE_LABELS.result, faceResultLabel(view), tone],
    [FACE_LABELS.faces, faces !== null ? facesDetectedLabel(faces) : "—"],
    [FACE_LABELS.similarity, view.similarity !== null ? decimalLabel(view.similarity, 3) : "—"],
    [FACE_LABELS.threshold, threshold !== null ? decimalLabel(threshold, 2) : "—"],
  ]);
  w.paragraph(faceComparedWithLabel(view));
}

/** The line under "Base biométrica": the module's source, else the provider its reference names. */
export function biometricsSource(sources: readonly ModuleSourceView[], block: unknown): { text: string; warn: boolean } | null {
  const listed = sourceLineOf(sources, "biometrics");
  if (listed) return listed;
  const provider = isBag(block) && isBag(block.reference) ? str(block.reference.source) : null;
  if (!provider) return null;
  return provider === "sandbox" ? { text: FICTITIOUS_LABEL, warn: true } : { text: `Fonte: ${providerName(provider)}`, warn: false };
}

export function biometricsBlock(w: Writer, data: ReportData, block: unknown) {
  w.sourceLine(biometricsSource(data.sources ?? [], block));
  w.section("Base biométrica");
  const reference = isBag(block) && isBag(block.reference) ? (block.reference as Bag) : null;
  if (!reference) return w.note("Nenhuma foto de referência na base biométrica para este CPF.");
  w.pairs([
    // the photo's id is the provider's code: the report says only that there is one
    ["Foto de referência", str(reference.photoId) ? "Encontrada" : "Não encontrada"],
    ["Capturada em", date(reference.capturedAt) ?? "—"],
  ]);
}
