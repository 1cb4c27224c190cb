// The demo workspace of a fresh embedded start: one user per role (password lupa-demo), a contract
// covering every action, and a few dozen verifications created through the real engine, spread
// over the last days so the console has something to show, and the features' data (demo-features.ts:
// a CNH read, face matches, decisions, restrictive-list entries, enrichments, a batch, a large
// network, assigned cases, a note, a case past its SLA).
import { eq, sql } from "drizzle-orm";
import type { Services } from "../context";
import { verifications, workspaces } from "../db/schema";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";
import { createUser, createWorkspace } from "./workspaces";
import { createVerification } from "../v2/verifications/create";
import type { Role } from "../auth/permissions";
import { SANDBOX_DOCUMENTS } from "../datasets/sandbox/behaviours";
import type { TokenClaims } from "../auth/tokens";
import { seedDemoFeatures } from "./demo-features";
import { inBackground } from "../jobs/queue";

import { DEMO_PASSWORD } from "../../lib/contract/demo";

export { DEMO_PASSWORD };
export const DEMO_USERS: { email: string; name: string; role: Role }[] = [
  { email: "admin@lupa.local", name: "Ana Administradora", role: "admin" },
  { email: "admin2@lupa.local", name: "Eduardo Administrador", role: "admin" },
  { email: "analyst@lupa.local", name: "Bruno Analista", role: "analyst" },
  { email: "analyst2@lupa.local", name: "Daniela Analista", role: "analyst" },
  { email: "viewer@lupa.local", name: "Carla Leitora", role: "viewer" },
  { email: "integration@lupa.local", name: "Integração ERP", role: "integration" },
];

/**
 * Deterministic demo documents: 30 CPFs from every fiscal region, 8 CNPJs, and the documented
 * sandbox documents, so the list shows every state (failed, processing, not found, deceased...).
 */
export function demoDocuments(): string[] {
  const cpfs = Array.from({ length: 30 }, (_, i) =>
    makeCpf(
      String(104_729 * (i + 3))
        .padStart(8, "0")
        .slice(0, 8) + String(i % 10),
    ),
  );
  const cnpjs = Array.from({ length: 8 }, (_, i) => makeCnpj(String(31_415_926 + i * 7919).slice(0, 8) + "0001"));
  const behaviours = SANDBOX_DOCUMENTS.map((d) => d.document);
  // spread companies and special cases evenly, so every page of the list mixes them
  return spread(spread(cpfs, cnpjs), behaviours);
}

/** `extra` inserted evenly among `base`, both in their order. */
function spread(base: string[], extra: string[]): string[] {
  const out: string[] = [];
  let next = 0;
  base.forEach((item, i) => {
    out.push(item);
    while (next < extra.length && (i + 1) * extra.length >= (next + 1) * base.length) out.push(extra[next++]!);
  });
  return out;
}

/**
 * Creates the demo workspace on an empty database; false when there is a workspace already. Its
 * work is background work (server/jobs/queue.ts): its jobs come after a person's, and the workers
 * give way to the user's own batch work while they collect the demo's cases (issue 28, item 7).
 */
export function seedDemo(s: Services): Promise<boolean> {
  return inBackground(() => seed(s));
}

async function seed(s: Services): Promise<boolean> {
  const existing = await s.db.select({ id: workspaces.id }).from(workspaces).limit(1);
  if (existing.length > 0) return false;
  const ws = await createWorkspace(s.db, "Demo");
  // the password hashes (scrypt, about a second each) side by side: the first start's largest cost
  const created = await Promise.all(
    DEMO_USERS.map((u) => createUser(s.db, { workspaceId: ws.id, ...u, password: DEMO_PASSWORD }, { demoPassword: true })),
  );
  const claims = (email: string): TokenClaims => {
    const u = created.find((c) => c.email === email)!;
    return { userId: u.id, workspaceId: ws.id, role: u.role, email: u.email, version: 0 };
  };
  const who = claims("analyst@lupa.local");
  const backdate = (id: string, hoursAgo: number) =>
    s.db
      .update(verifications)
      .set({ createdAt: sql`now() - ${hoursAgo} * interval '1 hour'` })
      .where(eq(verifications.id, id));
  const documents = demoDocuments();
  for (const [i, nationalId] of documents.entries()) {
    const company = nationalId.length === 14;
    // on the batch lane: the workers take them one at a time in the background, so creating
    // them (one statement each) does not compete with their collection for the database
    const row = await createVerification(
      s,
      who,
      {
        nationalId,
        profileId: company ? "prf_kyb_company" : "prf_kyc_person",
        verifications: { finance: { restrictions: true }, source: i % 3 === 0 ? "UI" : "API" },
      },
      "batch",
    );
    // spread creation over the last 10 days, newest first in the list
    await backdate(row.id, (documents.length - i) * 6 + (i % 5));
  }
  let extra = 0;
  await seedDemoFeatures(
    s,
    { workspaceId: ws.id, admin: claims("admin@lupa.local"), analysts: [who, claims("analyst2@lupa.local")] },
    async (nationalId, images = {}) => {
      const row = await createVerification(s, who, {
        nationalId,
        profileId: "prf_kyc_person",
        verifications: { finance: { restrictions: true }, source: "UI", ...images },
      });
      await backdate(row.id, 1 + extra++); // the newest cases of the list
      return row.id;
    },
  );
  return true;
}
