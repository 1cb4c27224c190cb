// Where each module of a case or an enrichment got its data (issue 28): one statement over the
// collection's module runs and the modules left out for want of a source. Answers kept before
// migration 0018 are read through sourceOfAnswer (their data names the registry; else the sandbox).
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sourceOfAnswer } from "../../datasets/sources";
import type { AnswerSource } from "../../datasets/types";
import { sourceLabel, type ModuleSourceView } from "../../../lib/contract/source-labels";

/** The service's own readings (face match, CNH) have no dataset source. */
const LOCAL_STEPS = new Set(["faceRecognition", "cnh"]);

type Row = {
  unavailable: { module: string; dataset: string }[] | null;
  module: string | null;
  dataset: string | null;
  status: string | null;
};

/** The collection's sources in module order; null when the workspace has no such collection. */
export async function moduleSources(db: Db, workspaceId: string, collectionId: string): Promise<ModuleSourceView[] | null> {
  const result = await db.execute(sql`
    select c.unavailable_modules as unavailable, m.module, m.dataset, m.status, m.source, m.data -> 'source' as data_source
      from collections c left join module_runs m on m.collection_id = c.id
     where c.id = ${collectionId} and c.workspace_id = ${workspaceId}::uuid
     order by m.module`);
  const rows = (result as unknown as { rows: (Row & { source: AnswerSource | null; data_source: unknown })[] }).rows;
  if (rows.length === 0) return null;
  const out: ModuleSourceView[] = [];
  for (const row of rows) {
    if (!row.module || !row.dataset || LOCAL_STEPS.has(row.module)) continue;
    const answered = row.status === "ok";
    const source = answered ? sourceOfAnswer(row.module, row.source, { source: row.data_source }) : null;
    out.push(view(row.module, row.dataset, answered ? "answered" : "pending", source));
  }
  for (const u of rows[0]!.unavailable ?? []) out.push(view(u.module, u.dataset, "unavailable", null));
  return out;
}

function view(module: string, dataset: string, state: ModuleSourceView["state"], source: AnswerSource | null): ModuleSourceView {
  const entry = {
    module,
    dataset,
    provider: source?.provider ?? null,
    release: source?.release ?? null,
    lists: source?.lists ?? [],
    partiesFrom: source?.partiesFrom ?? null,
    state,
    fictitious: source?.provider === "sandbox",
  };
  return { ...entry, label: sourceLabel(entry) };
}
