// A v2 batch: one configuration for 1 to 500 documents. Whole-request checks first (profile,
// plan, callback, metadata limits: any failure is 400 and creates nothing), then each document on
// its own (valid CPF/CNPJ, the profile's entity, not repeated). Every accepted verification and
// its collection are written in ONE transaction on the batch lane, then dispatched in one
// statement: the batch queue has its own workers, so unit creation never waits behind a batch.
// Face recognition and CNH are ignored (spec 4.2): they are dropped from the configuration.
import { randomUUID } from "node:crypto";
import type { Services } from "../../context";
import type { TokenClaims } from "../../auth/tokens";
import { verifications } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { normalizeDocument, type DocumentEntity } from "../../../lib/contract/documents";
import { findProfile } from "../../profiles/find-profile";
import { insertCollections } from "../../engine/store";
import { splitAvailable } from "../../datasets/sources";
import { dispatchMany } from "../../engine/workers";
import { countCreated } from "../../metrics/observe";
import type { PlannedModule } from "../../engine/types";
import { planVerification } from "../verifications/plan";
import { validateV2Callback } from "../callbacks/validate";
import { metadataProblem } from "../../http/metadata";
import type { BatchBody, BatchResult } from "./schemas";

/** The key of an item: the document as sent; a repeated identical string gets "#2", "#3"... */
function keyOf(items: BatchResult["items"], sent: string): string {
  if (!Object.hasOwn(items, sent)) return sent;
  let n = 2;
  while (Object.hasOwn(items, `${sent}#${n}`)) n++;
  return `${sent}#${n}`;
}

export async function createBatch(s: Services, who: TokenClaims, body: BatchBody): Promise<BatchResult> {
  const { faceRecognition: _face, cnh: _cnh, ...config } = body.verifications ?? {};
  const settings = { ...config, source: config.source ?? "API" };
  let profile = null;
  if (body.profileId) {
    profile = await findProfile(s.db, who.workspaceId, body.profileId);
    if (!profile || profile.kind !== "verification")
      throw new ApiError("invalid_request", "profileId does not name an active scoring profile of this workspace");
  }
  const plans = new Map<DocumentEntity, PlannedModule[]>();
  const planFor = (entity: DocumentEntity) => {
    if (!plans.has(entity)) plans.set(entity, planVerification({ nationalId: "", verifications: config }, entity, profile));
    return plans.get(entity)!;
  };
  if (profile) planFor(profile.entity as DocumentEntity); // a module override outside the profile fails the whole request
  const callback = body.callback ? validateV2Callback(s, body.callback) : null;
  // the v3 metadata limits (size, depth, keys); v2 answers 400 for any invalid batch body (spec 4.2)
  const tooLarge = body.metadata ? metadataProblem(body.metadata) : null;
  if (tooLarge) throw new ApiError("invalid_request", tooLarge);

  const items: BatchResult["items"] = {};
  const rows: (typeof verifications.$inferInsert & { modules: PlannedModule[] })[] = [];
  const seen = new Set<string>();
  const now = new Date();
  for (const sent of body.nationalId) {
    const key = keyOf(items, sent);
    const document = sent.length >= 11 && sent.length <= 14 ? normalizeDocument(sent) : null;
    if (!document) {
      items[key] = { error: "nationalId is not a valid CPF or CNPJ (11 to 14 characters)" };
      continue;
    }
    if (profile && profile.entity !== document.entity) {
      items[key] = { error: `The profile serves ${profile.entity} documents` };
      continue;
    }
    if (seen.has(document.value)) {
      items[key] = { error: "nationalId repeats an earlier item of this batch; only the first is created" };
      continue;
    }
    seen.add(document.value);
    const id = randomUUID();
    items[key] = { id };
    rows.push({
      id,
      workspaceId: who.workspaceId,
      userId: who.userId,
      profileId: profile?.id ?? null,
      nationalId: document.value,
      entity: document.entity,
      status: "CREATED",
      config: { ...settings, ...(body.metadata ? { metadata: body.metadata } : {}) },
      input: null,
      callback,
      createdAt: now,
      updatedAt: now,
      modules: planFor(document.entity),
    });
  }

  if (rows.length > 0) {
    await s.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 100)
        await tx.insert(verifications).values(rows.slice(i, i + 100).map(({ modules: _m, ...row }) => row));
      await insertCollections(
        tx,
        rows.map((row) => ({
          id: row.id,
          workspaceId: who.workspaceId,
          owner: "verification",
          entity: row.entity as DocumentEntity,
          document: row.nationalId,
          lane: "batch",
          deadlineAt: null,
          ...splitAvailable(s.provider, row.entity as DocumentEntity, row.modules),
          useCache: config.force !== true,
        })),
        now,
      );
    });
    countCreated("verification", "batch", rows.length);
    await dispatchMany(
      s,
      rows.map((r) => r.id),
      "batch",
    );
  }
  return { total: body.nationalId.length, success: rows.length, errors: body.nationalId.length - rows.length, items };
}
