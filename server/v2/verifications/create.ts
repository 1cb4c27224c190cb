// Creates a v2 verification: validate, resolve the scoring profile, plan the modules, save the
// verification and its collection in one transaction, then send the job.
import { randomUUID } from "node:crypto";
import type { Services } from "../../context";
import { verifications } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { normalizeDocument } from "../../../lib/contract/documents";
import { findProfile } from "../../profiles/find-profile";
import { insertCollection } from "../../engine/store";
import { splitAvailable } from "../../datasets/sources";
import { dispatch } from "../../engine/workers";
import { countCreated } from "../../metrics/observe";
import type { TokenClaims } from "../../auth/tokens";
import { planVerification } from "./plan";
import type { CreateVerificationBody } from "./schemas";
import type { VerificationRow } from "./serialize";
import { validateV2Callback } from "../callbacks/validate";
import { intakeVision, saveImages } from "../../vision/intake";

export async function createVerification(
  s: Services,
  who: TokenClaims,
  body: CreateVerificationBody,
  lane: "interactive" | "batch" = "interactive",
): Promise<VerificationRow> {
  const document = normalizeDocument(body.nationalId);
  if (!document) throw new ApiError("invalid_request", "nationalId is not a valid CPF or CNPJ");
  let profile = null;
  if (body.profileId) {
    profile = await findProfile(s.db, who.workspaceId, body.profileId);
    if (!profile || profile.kind !== "verification")
      throw new ApiError("invalid_request", "profileId does not name an active scoring profile of this workspace");
    if (profile.entity !== document.entity) throw new ApiError("invalid_request", `The profile serves ${profile.entity} documents`);
  }
  const modules = planVerification(body, document.entity, profile);
  const callback = body.callback ? validateV2Callback(s, body.callback) : null;
  // vision: CNH and face images checked and fetched, their steps planned (server/vision/intake.ts)
  const vision = await intakeVision(s, body, document.entity, profile, modules, lane);
  modules.push(...vision.modules);
  const id = randomUUID();
  const now = new Date();
  const config = { ...vision.config, ...(body.verifications.source ? {} : { source: "API" }) };
  const row = await s.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(verifications)
      .values({
        id,
        workspaceId: who.workspaceId,
        userId: who.userId,
        profileId: profile?.id ?? null,
        nationalId: document.value,
        entity: document.entity,
        status: "CREATED",
        config,
        input: body.input ?? null,
        callback,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await insertCollection(
      tx,
      {
        id,
        workspaceId: who.workspaceId,
        owner: "verification",
        entity: document.entity,
        document: document.value,
        lane,
        deadlineAt: null,
        ...splitAvailable(s.provider, document.entity, modules),
        // force: every module asks its source (the dataset cache is not read; its answers refresh it)
        useCache: body.verifications.force !== true,
      },
      now,
    );
    await saveImages(tx, id, who.workspaceId, vision.images);
    return created!;
  });
  countCreated("verification", lane);
  await dispatch(s, id, lane);
  return row;
}
