// What the PDF report of a v2 verification shows (server/v2/pdf/data.ts gathers it). Plain data,
// so it crosses to the report's worker thread by structured clone (Dates included).
import type { AiSummary } from "../../ai/types";
import type { ModuleSourceView } from "../../../lib/contract/source-labels";

/** Decisions printed in the report, the latest first; older ones are counted. */
export const REPORT_DECISIONS = 50;

export interface ReportFeedback {
  status: string;
  comment: string | null;
  reasons: string[];
  authorEmail: string | null;
  createdAt: Date;
}

/** The restrictive-list status of the document for the workspace. */
export interface ReportRestrictiveList {
  listed: boolean;
  /** Where the status comes from: the workspace's list itself, or the dossier written at completion. */
  source: "workspace_list" | "dossier";
  reason?: string | null;
  since?: Date | string | null;
  expiresAt?: Date | string | null;
  /** What the dossier recorded when the verification completed (blacklisted.client). */
  listedAtCompletion?: boolean;
  /** The service's own list (blacklisted.service). */
  serviceListed?: boolean;
}

export interface ReportData {
  workspaceName: string;
  verification: {
    id: string;
    entity: "person" | "company";
    nationalId: string;
    name: string | null;
    status: string;
    profileId: string | null;
    profileName: string | null;
    createdAt: Date;
    updatedAt: Date;
    score: number | null;
    result: Record<string, unknown> | null;
    dossier: Record<string, unknown> | null;
    input: { attribute: string; value: string }[] | null;
    failureReason: string | null;
  };
  summary: AiSummary | null;
  /** The latest decisions, newest first (at most REPORT_DECISIONS). */
  feedbacks: ReportFeedback[];
  /** Every decision of the verification; those beyond `feedbacks` are counted, not printed. */
  feedbackTotal: number;
  restrictiveList: ReportRestrictiveList;
  /** Where each module's data came from (issue 28): a line under each module's title. */
  sources?: ModuleSourceView[];
  generatedAt: Date;
}
