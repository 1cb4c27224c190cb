// The lawsuit network of an enrichment (spec 2.5a, 4.4; decisions in docs/decisions.md): one node
// per related CPF/CNPJ of the related module, with the counters and indicators of its lawsuits
// (the lawsuits dataset of the same version as the enrichment's lawsuits module, without the
// list), the relations through which it was found and the status of its query. Computed on the
// first request, with bounded concurrency, and stored (lawsuit_networks) together with each node's
// complete lawsuits answer (node_data); every later request and the node route read what is
// stored and never call the provider again: a read-only role's GET costs no provider lookup.
// Concurrent first requests in one process share one computation.
import { createHmac } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Services } from "../../context";
import { lawsuitNetworks } from "../../db/schema";
import type { Entity, FetchResult, ModuleData } from "../../datasets/types";
import { DATASET_VERSIONS, datasetName } from "../../datasets/types";
import type { EnrichmentView as LoadedEnrichment } from "../enrichments/serialize";
import { sleep } from "../../support/sleep";
import { relatedParties, type RelatedParty } from "../../datasets/related-parties";
import type { Network as NetworkResource, NetworkNode, NetworkSkipReason } from "../../../lib/contract";
import { summarizeLawsuits } from "./summarize-lawsuits";

export { relatedParties, type RelatedParty };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export const NETWORK_CONCURRENCY = 8;

export type SkipReason = NetworkSkipReason;
export type { NetworkNode };

/** The network resource (lib/contract/v3.ts), or "not_ready" while the enrichment runs. */
export type Network = NetworkResource | { status: "not_ready" };

/** Opaque, stable reference of a node: never the document (it goes into URLs). */
export function nodeRef(secret: string, enrichmentId: string, document: string): string {
  const mac = createHmac("sha256", secret).update("lupa-network-node\0").update(enrichmentId).update("\0").update(document).digest();
  return `nod_${mac.subarray(0, 16).toString("base64url")}`;
}

/** The lawsuits block of a lawsuits dataset answer, without its list of lawsuits (any version). */
export function lawsuitsWithoutItems(data: ModuleData): Record<string, unknown> | null {
  const block = (summarizeLawsuits(data) as Record<string, unknown>).lawsuits;
  return isObject(block) ? block : null;
}

/** Asks the provider, retrying temporary failures with the module retry schedule. */
export async function fetchLawsuits(s: Services, entity: Entity, version: string, document: string): Promise<FetchResult> {
  const delays = s.config.schedules.moduleRetryMs;
  let result: FetchResult = { kind: "temporary_failure", reason: "not_attempted" };
  for (let attempt = 1; attempt <= delays.length + 1; attempt++) {
    try {
      result = await s.provider.fetch({ entity, module: "lawsuits", version, document, attempt, round: 0 });
    } catch {
      result = { kind: "temporary_failure", reason: "provider_error" };
    }
    if (result.kind !== "temporary_failure") return result;
    if (attempt <= delays.length) await sleep(delays[attempt - 1]!);
  }
  return result;
}

async function mapBounded<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * What a network is built from: the owner of the collection (a v3 enrichment, or a v2
 * verification for GET /api/v2/verifications/{id}/network, beyond the spec), its collection and
 * its module runs. The network is stored under the collection's id.
 */
export interface NetworkSource {
  enrichment: Pick<LoadedEnrichment["enrichment"], "id" | "workspaceId" | "document">;
  collection: LoadedEnrichment["collection"];
  modules: LoadedEnrichment["modules"];
}

/** Why there is no network for this enrichment, "not_ready" while it runs, or null (it can be built). */
export function skipReason(loaded: NetworkSource): SkipReason | "not_ready" | null {
  const { collection: c, modules } = loaded;
  if (c.status !== "COMPLETED" && c.status !== "FAILED") return "not_ready";
  if (c.status === "COMPLETED" && c.outcome === "subject_not_found") return "subject_not_found";
  const related = modules.find((m) => m.module === "related");
  const lawsuits = modules.find((m) => m.module === "lawsuits");
  if (!related) return "related_disabled";
  if (!lawsuits) return "lawsuits_disabled";
  if (!networkConfigured(lawsuits.dataset)) return "network_not_configured";
  if (c.status !== "COMPLETED" || related.status !== "ok" || lawsuits.status !== "ok" || !related.data) return "not_run";
  return null;
}

/**
 * Decision (docs/decisions.md): a node carries the counters and indicators of its lawsuits, which
 * the legacy lawsuits dataset 1.0 does not publish (only a total and a list); a profile whose
 * lawsuits module uses it has no network: network_not_configured.
 */
export function networkConfigured(lawsuitsDataset: string): boolean {
  return !lawsuitsDataset.endsWith("-lawsuits-1.0");
}

function lawsuitsVersion(loaded: NetworkSource): string {
  const lawsuits = loaded.modules.find((m) => m.module === "lawsuits")!;
  return lawsuits.dataset.slice(lawsuits.dataset.lastIndexOf("-") + 1);
}

/**
 * Stored as {order, nodes}: jsonb keeps object keys in its own order, so the order in which the
 * related module lists the parties is kept apart, and each node's fields are put back in order.
 */
interface StoredNetwork {
  order: string[];
  nodes: Record<string, NetworkNode>;
}

function ordered(stored: StoredNetwork): Record<string, NetworkNode> {
  const out: Record<string, NetworkNode> = {};
  const keys = [...stored.order, ...Object.keys(stored.nodes).filter((k) => !stored.order.includes(k))];
  for (const key of keys) {
    const n = stored.nodes[key];
    if (n)
      out[key] = {
        ref: n.ref,
        name: n.name,
        entity: n.entity,
        relations: n.relations,
        lawsuits: n.lawsuits,
        query: n.query,
        restrictiveList: n.restrictiveList ?? null,
      };
  }
  return out;
}

export async function loadStoredNetwork(
  s: Services,
  workspaceId: string,
  enrichmentId: string,
): Promise<Record<string, NetworkNode> | null> {
  const [row] = await s.db
    .select({ nodes: lawsuitNetworks.nodes })
    .from(lawsuitNetworks)
    .where(and(eq(lawsuitNetworks.enrichmentId, enrichmentId), eq(lawsuitNetworks.workspaceId, workspaceId)));
  return row ? ordered(row.nodes as unknown as StoredNetwork) : null;
}

/** A node's stored lawsuits answer: the provider's result, kept with the network. */
export type StoredNodeData = { kind: "ok"; data: ModuleData } | { kind: "not_found" } | { kind: "failed" };

export async function loadNodeData(s: Services, workspaceId: string, enrichmentId: string, ref: string): Promise<StoredNodeData | null> {
  const [row] = await s.db
    .select({ data: sql<StoredNodeData | null>`${lawsuitNetworks.nodeData} -> ${ref}::text` })
    .from(lawsuitNetworks)
    .where(and(eq(lawsuitNetworks.enrichmentId, enrichmentId), eq(lawsuitNetworks.workspaceId, workspaceId)));
  return row?.data ?? null;
}

/** Keeps one node's answer (networks stored before node data was kept get it on first view). */
export async function storeNodeData(
  s: Services,
  workspaceId: string,
  enrichmentId: string,
  ref: string,
  data: StoredNodeData,
): Promise<void> {
  await s.db
    .update(lawsuitNetworks)
    .set({ nodeData: sql`${lawsuitNetworks.nodeData} || jsonb_build_object(${ref}::text, ${JSON.stringify(data)}::jsonb)` })
    .where(and(eq(lawsuitNetworks.enrichmentId, enrichmentId), eq(lawsuitNetworks.workspaceId, workspaceId)));
}

function toStored(result: FetchResult): StoredNodeData {
  if (result.kind === "ok") return { kind: "ok", data: result.data };
  if (result.kind === "not_found") return { kind: "not_found" };
  return { kind: "failed" };
}

const inFlight = new Map<string, Promise<Network>>();

/** The network of a loaded enrichment: stored, or computed now and stored. */
export async function networkOf(s: Services, loaded: NetworkSource): Promise<Network> {
  const reason = skipReason(loaded);
  if (reason === "not_ready") return { status: "not_ready" };
  if (reason) return { status: "skipped", reason };
  const { enrichment } = loaded;
  // the request in flight is taken before any await: a request that read "not stored" while
  // another was computing could otherwise find that computation finished and removed, and
  // compute the network (and call the provider for every node) a second time
  const key = `${enrichment.workspaceId}:${enrichment.id}`;
  const running = inFlight.get(key);
  if (running) return running;
  const reading = (async (): Promise<Network> => {
    const existing = await loadStoredNetwork(s, enrichment.workspaceId, enrichment.id);
    if (existing) return { status: "ok", nodes: existing };
    return computeNetwork(s, loaded);
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, reading);
  return reading;
}

async function computeNetwork(s: Services, loaded: NetworkSource): Promise<Network> {
  const { enrichment } = loaded;

  const related = loaded.modules.find((m) => m.module === "related")!;
  const parties = relatedParties(related.data as ModuleData).filter((p) => p.document !== enrichment.document);
  const version = lawsuitsVersion(loaded);
  const nodes: Record<string, NetworkNode> = {};
  const nodeData: Record<string, StoredNodeData> = {};
  const built = await mapBounded(parties, NETWORK_CONCURRENCY, async (party): Promise<[string, NetworkNode]> => {
    const dataset = datasetName(party.entity, "lawsuits", version);
    const node: NetworkNode = {
      ref: nodeRef(s.config.cursorSecret, enrichment.id, party.document),
      name: party.name,
      entity: party.entity,
      relations: party.relations,
      lawsuits: null,
      query: { status: "failed", dataset },
      restrictiveList: party.restrictiveList,
    };
    // a partner known by name and masked CPF only (the registry): there is nothing to ask about
    if (!party.lookup || !DATASET_VERSIONS.lawsuits[party.entity].includes(version)) return [party.shown, node];
    const result = await fetchLawsuits(s, party.entity, version, party.document);
    nodeData[node.ref] = toStored(result);
    if (result.kind === "ok") {
      node.lawsuits = lawsuitsWithoutItems(result.data);
      node.query = { status: "ok", dataset: result.data.dataset ?? dataset };
    } else if (result.kind === "not_found") {
      // no lawsuits record for the document: the query worked, there is nothing to count
      node.query = { status: "ok", dataset };
    }
    return [party.shown, node];
  });
  for (const [key, node] of built) nodes[key] = node;

  // Stored once: a concurrent request that stored first wins, and both answer its nodes.
  const stored: StoredNetwork = { order: Object.keys(nodes), nodes };
  await s.db
    .insert(lawsuitNetworks)
    .values({
      enrichmentId: enrichment.id,
      workspaceId: enrichment.workspaceId,
      nodes: stored as unknown as { order: string[]; nodes: Record<string, Record<string, unknown>> },
      nodeData: nodeData as unknown as Record<string, Record<string, unknown>>,
    })
    .onConflictDoNothing();
  const winner = await loadStoredNetwork(s, enrichment.workspaceId, enrichment.id);
  return { status: "ok", nodes: winner ?? nodes };
}
