import type { VerificationDetail } from "./view-models";

/**
 * A case's one display name (issue 28, item 9): the holder's name as the case has it, else its
 * masked document. The page's title, the triage banner, the PDF button and the toasts use it.
 */
export function caseDisplayName(detail: Pick<VerificationDetail, "name" | "document"> | undefined | null): string {
  return detail?.name ?? detail?.document?.masked ?? "o caso";
}
