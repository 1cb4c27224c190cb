// The v3 enrichment resource (spec 2.5a), built from the enrichment row, its collection (status,
// rounds, deadline) and its module runs. Summaries (list items) leave out `modules` and `data`.
import type { enrichments } from "../../db/schema";
import type { Collection, ModuleRun } from "../../engine/types";
import { TERMINAL } from "../../engine/types";
import { computeRetryAfter } from "../retry-after";
import type { Enrichment, EnrichmentSummary, Entity, ModuleData, ModuleEntry, ProfileRef } from "../../../lib/contract";

export type EnrichmentRow = typeof enrichments.$inferSelect;

export interface EnrichmentView {
  enrichment: EnrichmentRow;
  collection: Collection;
  modules: ModuleRun[];
}

/** Which modules' data to add: all completed ones, some of them, or none. */
export type DataSelection = "all" | readonly string[] | null;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function isTerminal(c: Pick<Collection, "status">): boolean {
  return TERMINAL.includes(c.status);
}

/** profile first (it runs first), then the others by name. */
function ordered(modules: ModuleRun[]): ModuleRun[] {
  return [...modules].sort((a, b) => (a.module === "profile" ? -1 : b.module === "profile" ? 1 : a.module.localeCompare(b.module)));
}

export function toSummary(e: EnrichmentRow, c: Collection): EnrichmentSummary {
  const live = !isTerminal(c);
  return {
    id: e.id,
    status: c.status as EnrichmentSummary["status"],
    outcome: c.status === "COMPLETED" ? (c.outcome as EnrichmentSummary["outcome"]) : null,
    entity: e.entity as Entity,
    document: e.document,
    profile: { id: e.profileId, name: e.profileName, kind: e.profileKind as ProfileRef["kind"] },
    metadata: e.metadata,
    createdAt: e.createdAt.toISOString(),
    completedAt: live ? null : iso(c.completedAt),
    ...(live && c.nextRetryAt ? { nextRetryAt: c.nextRetryAt.toISOString() } : {}),
    recoveryRound: c.recoveryRound,
    ...(c.status === "FAILED" && c.failureReason ? { failureReason: c.failureReason } : {}),
    // decision: `deadline` is the instant the deadline falls (creation + options.deadline)
    ...(e.deadline && c.deadlineAt ? { deadline: c.deadlineAt.toISOString() } : {}),
    lane: e.lane as EnrichmentSummary["lane"],
    ...(e.batchId ? { batchId: e.batchId } : {}),
  };
}

export function moduleUrl(id: string, module: string): string {
  return `/api/v3/enrichments/${id}/modules/${module}`;
}

/** A module answered by the dataset cache: when its source gave the answer, and its age when used. */
function cacheOf(fetchedAt: Date, usedAt: Date | null): { fetchedAt: string; ageSeconds: number } {
  return {
    fetchedAt: fetchedAt.toISOString(),
    ageSeconds: Math.max(0, Math.round(((usedAt ?? fetchedAt).getTime() - fetchedAt.getTime()) / 1000)),
  };
}

export function toResource(view: EnrichmentView, data: DataSelection = null): Enrichment {
  const { enrichment: e, collection: c } = view;
  const runs = ordered(view.modules);
  const modules: Record<string, ModuleEntry> = {};
  for (const m of runs) {
    modules[m.module] = {
      dataset: m.dataset,
      status: m.status as ModuleEntry["status"],
      ...(m.status === "retrying" && m.nextAttemptAt ? { nextAttemptAt: m.nextAttemptAt.toISOString() } : {}),
      url: moduleUrl(e.id, m.module),
      ...(m.status === "ok" && m.cachedAt ? { cache: cacheOf(m.cachedAt, m.completedAt) } : {}),
    };
  }
  const summary = toSummary(e, c);
  const { lane, batchId, ...head } = summary;
  const resource: Enrichment = { ...head, modules, lane, ...(batchId ? { batchId } : {}) };
  if (data) {
    const wanted = data === "all" ? null : new Set(data);
    const out: Record<string, ModuleData> = {};
    for (const m of runs) {
      if (m.status === "ok" && m.data && (!wanted || wanted.has(m.module))) out[m.module] = m.data as ModuleData;
    }
    resource.data = out;
  }
  return resource;
}

/** Seconds for Retry-After, or null on a terminal enrichment (spec 8). */
export function retryAfterOf(
  c: Pick<Collection, "status" | "nextRetryAt" | "deadlineAt">,
  defaultSeconds: number,
  now = new Date(),
): number | null {
  return computeRetryAfter({ status: c.status, nextRetryAt: c.nextRetryAt, deadline: c.deadlineAt, now, defaultSeconds });
}
