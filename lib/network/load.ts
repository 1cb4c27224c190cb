import "server-only";
import { apiFetch } from "@/lib/api/client";
import { getNetwork, getNetworkNode, type NetworkOwner } from "@/lib/api/enrichments";
import type { ApiEnrichment } from "@/lib/enrichments/api-types";
import { subjectName } from "@/lib/enrichments/subject-name";
import { toGraph, type NetworkGraph, type Subject } from "./graph";
import { cachedLayout } from "./layout";
import { toNodeLawsuits, type NodeLawsuits } from "./lawsuits";

// The BFF side of the graph: the owner's subject and network from the API (which also checks
// access on every call), turned into a laid-out graph (cached per network).

async function subjectOf(token: string, owner: NetworkOwner, signal?: AbortSignal): Promise<Subject> {
  if (owner.kind === "enrichment") {
    const e = await apiFetch<ApiEnrichment>(`/api/v3/enrichments/${encodeURIComponent(owner.id)}`, {
      token,
      query: { include: "profile" },
      signal,
    });
    return { name: subjectName(e.data?.profile), entity: e.entity, document: e.document };
  }
  const v = await apiFetch<{ name?: string | null; nationalId: string; verifications?: { entity?: string } }>(
    `/api/v2/verifications/${encodeURIComponent(owner.id)}`,
    { token, signal },
  );
  const entity = v.nationalId.length === 14 ? "company" : "person";
  return { name: v.name ?? null, entity, document: v.nationalId };
}

export async function loadGraph(token: string, owner: NetworkOwner, signal?: AbortSignal): Promise<NetworkGraph> {
  const [network, subject] = await Promise.all([getNetwork(token, owner, signal), subjectOf(token, owner, signal)]);
  if (network.status !== "ok") return { status: "skipped", reason: network.reason };
  const refs = Object.values(network.nodes);
  const key = `${owner.kind}:${owner.id}:${refs.length}:${refs[0]?.ref ?? ""}`;
  return cachedLayout(key, () => toGraph(network, subject));
}

export async function loadNodeLawsuits(token: string, owner: NetworkOwner, ref: string, signal?: AbortSignal): Promise<NodeLawsuits> {
  return toNodeLawsuits(await getNetworkNode(token, owner, ref, signal));
}
