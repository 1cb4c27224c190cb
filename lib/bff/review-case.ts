import "server-only";
import { NextResponse } from "next/server";
import { readAccessTokenClaims } from "@/lib/api/access-token-claims";
import { reviewFetch } from "@/lib/api/review";
import type { CaseReview, ReviewSettings } from "@/lib/contract/review";
import type { CaseReviewView } from "@/lib/review/case-view";
import { bffError } from "./errors";

// Helpers of the case page's review routes (app/bff/verifications/[id]/...): the case's review
// state as the browser gets it, and the shared answers.

export const CASE_NOT_FOUND = "Verificação não encontrada.";
export const NO_STORE = { "cache-control": "no-store" };

export function json(body: unknown, status = 200): NextResponse {
  return NextResponse.json(body, { status, headers: NO_STORE });
}

export function caseNotFound(): NextResponse {
  return bffError(404, "not_found", CASE_NOT_FOUND);
}

export function casePath(id: string, rest = ""): string {
  return `/cases/${encodeURIComponent(id)}${rest}`;
}

/** The review state of a case with the decision catalog and the caller's id. */
export async function loadCaseReview(token: string, id: string, signal?: AbortSignal): Promise<CaseReviewView> {
  const [review, settings] = await Promise.all([
    reviewFetch<CaseReview>(casePath(id), { token, signal }),
    reviewFetch<ReviewSettings>("/settings", { token, signal }),
  ]);
  return { review, reasons: settings.reasons, requireReason: settings.requireReason, me: readAccessTokenClaims(token).sub ?? null };
}

/** A text field of a JSON body, trimmed; null when absent or not a string. */
export function textField(body: unknown, key: string): string | null {
  const value = (body as Record<string, unknown> | null)?.[key];
  return typeof value === "string" ? value.trim() : null;
}
