// What the network routes answer, shared by v3 (spec 4.4) and v2 (beyond the spec): the
// response schemas, the "not ready" refusal and the node answer with its complete lawsuit list.
import { z } from "zod";
import type { Services } from "../../context";
import { ApiError } from "../../http/errors";
import type { ModuleData } from "../../datasets/types";
import { normalizeDocument } from "../../../lib/contract/documents";
import { fetchLawsuits, type Network, type NetworkNode } from "./compute";

export const NetworkNodeSchema = z.object({
  ref: z.string(),
  name: z.string().nullable(),
  entity: z.enum(["person", "company"]),
  relations: z.array(z.unknown()),
  lawsuits: z.record(z.string(), z.unknown()).nullable(),
  query: z.object({ status: z.enum(["ok", "failed"]), dataset: z.string() }),
  restrictiveList: z.boolean().nullable().describe("Beyond the spec: on the service's restrictive list, as the related module says; null when it does not say"),
});

export const NetworkBody = z.union([
  z.object({ status: z.literal("ok"), nodes: z.record(z.string(), NetworkNodeSchema) }),
  z.object({ status: z.literal("skipped"), reason: z.enum(["related_disabled", "lawsuits_disabled", "network_not_configured", "subject_not_found", "not_run"]) }),
]);

export const NodeBody = z.object({ node: NetworkNodeSchema.omit({ lawsuits: true }).loose() }).loose();

export const NODE_REF = /^nod_[A-Za-z0-9_-]{22}$/;

/** The network once it can be answered: "not ready" is a 409 with Retry-After. */
export function readyNetwork(s: Services, network: Network): Exclude<Network, { status: "not_ready" }> {
  if (network.status === "not_ready") {
    throw new ApiError("module_not_ready", "The lawsuit network is available once the collection has ended", { "Retry-After": String(s.config.schedules.retryAfterSeconds) });
  }
  return network;
}

/** One node (by its opaque ref) with its lawsuits in the lawsuits dataset format, complete list included. */
export async function nodeAnswer(s: Services, network: Exclude<Network, { status: "not_ready" }>, ref: string): Promise<Record<string, unknown>> {
  if (network.status !== "ok") throw new ApiError("not_found", "network node not found");
  const found = Object.entries(network.nodes).find(([, node]) => node.ref === ref);
  if (!found) throw new ApiError("not_found", "network node not found");
  const [shown, node] = found;
  const { lawsuits: _summary, ...head } = node as NetworkNode;
  const version = node.query.dataset.slice(node.query.dataset.lastIndexOf("-") + 1);
  const document = normalizeDocument(shown);
  const result = document ? await fetchLawsuits(s, node.entity, version, document.value) : null;
  if (result?.kind === "ok") {
    const data = result.data as ModuleData;
    return { node: { ...head, query: { status: "ok", dataset: data.dataset } }, dataset: data.dataset, module: data.module, lawsuits: data.lawsuits, rules: data.rules };
  }
  if (result?.kind === "not_found") {
    return { node: { ...head, query: { status: "ok", dataset: node.query.dataset } }, dataset: node.query.dataset, module: "lawsuits", lawsuits: null, rules: [] };
  }
  return { node: { ...head, query: { status: "failed", dataset: node.query.dataset } }, dataset: node.query.dataset, module: "lawsuits", lawsuits: null, rules: [] };
}
