// The columns of GET /api/review/v1/cases/export.csv, in its two shapes (issue 29): `labels`, for
// people (pt-BR words beside each code a machine may want, dates as pt-BR spreadsheets read them,
// in Brasília time, the assignee by name and e-mail), and `codes`, the shape integrations have read
// since issue 18 (codes, ISO 8601 instants in UTC).
import type { VerificationRow } from "../../v2/verifications/serialize";
import { maskDocument } from "../../../lib/contract/documents";
import { spreadsheetDateTime as when, yesNo, type CsvColumns } from "../../../lib/contract/format/csv";
import { decisionLabel, verificationStatusLabel } from "../../../lib/contract/labels";
import { riskFlagLabel, slaLabel } from "../../../lib/contract/review-labels";
import type { reviewFieldsOf } from "./serialize";

export interface ExportedCase {
  row: VerificationRow;
  review: ReturnType<typeof reviewFieldsOf>;
  assigneeName: string | null;
}

const decision = (c: ExportedCase) => c.row.feedbackStatus ?? "NOTSTARTED";

export const CASE_COLUMNS_CODES: CsvColumns<ExportedCase> = [
  ["id", (c) => c.row.id],
  ["nome", (c) => c.row.name],
  ["documento", (c) => maskDocument(c.row.nationalId)],
  ["status", (c) => c.row.status],
  ["score", (c) => c.row.score],
  ["decisao", decision],
  ["responsavel", (c) => c.review.assignee?.email ?? ""],
  ["atribuido_em", (c) => c.review.assignedAt],
  ["decidivel_desde", (c) => c.review.reviewStartedAt],
  ["prazo_sla", (c) => c.review.slaDueAt],
  ["situacao_sla", (c) => c.review.slaState],
  ["sinalizadores", (c) => c.review.flags.join(",")],
  ["aguardando_2a_revisao", (c) => yesNo(c.review.awaitingSecondReview)],
  ["criado_em", (c) => c.row.createdAt],
];

export const CASE_COLUMNS_LABELS: CsvColumns<ExportedCase> = [
  ["id", (c) => c.row.id],
  ["nome", (c) => c.row.name],
  ["documento", (c) => maskDocument(c.row.nationalId)],
  ["situacao", (c) => verificationStatusLabel(c.row.status)],
  ["situacao_codigo", (c) => c.row.status],
  ["score", (c) => c.row.score],
  ["decisao", (c) => decisionLabel(decision(c))],
  ["decisao_codigo", decision],
  ["responsavel", (c) => (c.review.assignee ? (c.assigneeName ?? c.review.assignee.email) : "")],
  ["responsavel_email", (c) => c.review.assignee?.email ?? ""],
  ["atribuido_em", (c) => when(c.review.assignedAt)],
  ["decidivel_desde", (c) => when(c.review.reviewStartedAt)],
  ["prazo_sla", (c) => when(c.review.slaDueAt)],
  ["situacao_sla", (c) => slaLabel(c.review.slaState)],
  ["situacao_sla_codigo", (c) => c.review.slaState],
  ["sinalizadores", (c) => c.review.flags.map(riskFlagLabel).join(", ")],
  ["sinalizadores_codigos", (c) => c.review.flags.join(",")],
  ["aguardando_2a_revisao", (c) => yesNo(c.review.awaitingSecondReview)],
  ["criado_em", (c) => when(c.row.createdAt)],
];
