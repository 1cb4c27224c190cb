// What the network routes answer, shared by v3 (spec 4.4) and v2 (beyond the spec): the
// "not ready" refusal and the node answer with its complete lawsuit list. The shapes are the
// contract's (lib/contract/v3.ts: Network, NetworkNodeLawsuits).
import type { Services } from "../../context";
import { ApiError } from "../../http/errors";
import type { ModuleData } from "../../datasets/types";
import { normalizeDocument } from "../../../lib/contract/documents";
import type { Network as NetworkResource, NetworkNodeLawsuits } from "../../../lib/contract";
import { fetchLawsuits, loadNodeData, storeNodeData, type Network, type StoredNodeData } from "./compute";

export const NODE_REF = /^nod_[A-Za-z0-9_-]{22}$/;

/** The network once it can be answered: "not ready" is a 409 with Retry-After. */
export function readyNetwork(s: Services, network: Network): NetworkResource {
  if (network.status === "not_ready") {
    throw new ApiError("module_not_ready", "The lawsuit network is available once the collection has ended", {
      "Retry-After": String(s.config.schedules.retryAfterSeconds),
    });
  }
  return network;
}

/**
 * One node (by its opaque ref) with its lawsuits in the lawsuits dataset format, complete list
 * included. The node's data is kept with the network (`owner`: the enrichment or verification whose
 * network it is), so reading it again, by any role, calls no provider.
 */
export async function nodeAnswer(
  s: Services,
  network: NetworkResource,
  ref: string,
  owner: { workspaceId: string; id: string },
): Promise<NetworkNodeLawsuits> {
  if (!NODE_REF.test(ref) || network.status !== "ok") throw new ApiError("not_found", "network node not found");
  const found = Object.entries(network.nodes).find(([, node]) => node.ref === ref);
  if (!found) throw new ApiError("not_found", "network node not found");
  const [shown, node] = found;
  const { lawsuits: _summary, ...head } = node;
  const version = node.query.dataset.slice(node.query.dataset.lastIndexOf("-") + 1);
  let result: StoredNodeData | null = await loadNodeData(s, owner.workspaceId, owner.id, ref);
  if (!result) {
    // networks stored before node data was kept fetch it once
    const document = normalizeDocument(shown);
    const fetched = document ? await fetchLawsuits(s, node.entity, version, document.value) : null;
    result =
      fetched?.kind === "ok"
        ? { kind: "ok", data: fetched.data }
        : fetched?.kind === "not_found"
          ? { kind: "not_found" }
          : { kind: "failed" };
    await storeNodeData(s, owner.workspaceId, owner.id, ref, result);
  }
  if (result.kind === "ok") {
    const data = result.data as ModuleData;
    return {
      node: { ...head, query: { status: "ok", dataset: data.dataset } },
      dataset: data.dataset,
      module: "lawsuits",
      lawsuits: data.lawsuits as NetworkNodeLawsuits["lawsuits"],
      rules: data.rules,
    };
  }
  if (result.kind === "not_found") {
    return {
      node: { ...head, query: { status: "ok", dataset: node.query.dataset } },
      dataset: node.query.dataset,
      module: "lawsuits",
      lawsuits: null,
      rules: [],
    };
  }
  return {
    node: { ...head, query: { status: "failed", dataset: node.query.dataset } },
    dataset: node.query.dataset,
    module: "lawsuits",
    lawsuits: null,
    rules: [],
  };
}
