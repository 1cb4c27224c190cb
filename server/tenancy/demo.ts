// The demo workspace of a fresh embedded start: one user per role (password lupa-demo), a contract
// covering every action, and a few dozen verifications created through the real engine, spread
// over the last days so the console has something to show.
import { eq, sql } from "drizzle-orm";
import type { Services } from "../context";
import { verifications, workspaces } from "../db/schema";
import { makeCnpj, makeCpf } from "../../lib/contract/documents";
import { createUser, createWorkspace } from "./workspaces";
import { createVerification } from "../v2/verifications/create";
import type { Role } from "../auth/permissions";
import { SANDBOX_DOCUMENTS } from "../datasets/sandbox/behaviours";

import { DEMO_PASSWORD } from "../../lib/contract/demo";

export { DEMO_PASSWORD };
export const DEMO_USERS: { email: string; name: string; role: Role }[] = [
  { email: "admin@lupa.local", name: "Ana Administradora", role: "admin" },
  { email: "analyst@lupa.local", name: "Bruno Analista", role: "analyst" },
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

export async function seedDemo(s: Services): Promise<boolean> {
  const existing = await s.db.select({ id: workspaces.id }).from(workspaces).limit(1);
  if (existing.length > 0) return false;
  const ws = await createWorkspace(s.db, "Demo");
  const created = [];
  for (const u of DEMO_USERS)
    created.push(await createUser(s.db, { workspaceId: ws.id, ...u, password: DEMO_PASSWORD }, { demoPassword: true }));
  const analyst = created[1]!;
  const who = { userId: analyst.id, workspaceId: ws.id, role: analyst.role, email: analyst.email, version: 0 };
  const documents = demoDocuments();
  for (const [i, nationalId] of documents.entries()) {
    const company = nationalId.length === 14;
    const row = await createVerification(s, who, {
      nationalId,
      profileId: company ? "prf_kyb_company" : "prf_kyc_person",
      verifications: { finance: { restrictions: true }, source: i % 3 === 0 ? "UI" : "API" },
    });
    // spread creation over the last 10 days, newest first in the list
    const hoursAgo = (documents.length - i) * 6 + (i % 5);
    await s.db
      .update(verifications)
      .set({ createdAt: sql`now() - ${hoursAgo} * interval '1 hour'` })
      .where(eq(verifications.id, row.id));
  }
  return true;
}
