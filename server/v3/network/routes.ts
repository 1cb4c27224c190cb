// GET /api/v3/enrichments/:id/modules/lawsuits/network – the lawsuit network of the document's
//   relations: {status: "ok", nodes} or {status: "skipped", reason} (spec 2.5a, 4.4).
// GET /api/v3/enrichments/:id/modules/lawsuits/network/nodes/:ref – one node with its lawsuits in
//   the lawsuits dataset format, with the complete list. `ref` is opaque: no document in a URL.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { Network, NetworkNodeLawsuits, V3ErrorBody } from "../../../lib/contract";
import { loadView } from "../enrichments/queries";
import type { ModuleData } from "../../datasets/types";
import { normalizeDocument } from "../../../lib/contract/documents";
import { fetchLawsuits, networkOf } from "./compute";

const tags = ["v3 enrichments"];
const Params = z.object({ id: z.string() });
const NodeParams = z.object({ id: z.string(), ref: z.string() });
const REF = /^nod_[A-Za-z0-9_-]{22}$/;

async function loadNetwork(s: Services, workspaceId: string, id: string): Promise<Network> {
  const view = await loadView(s.db, workspaceId, id);
  if (!view) throw new ApiError("not_found", "enrichment not found");
  const network = await networkOf(s, view);
  if (network.status === "not_ready") {
    throw new ApiError("module_not_ready", "The lawsuit network is available once the enrichment has ended", { "Retry-After": String(s.config.schedules.retryAfterSeconds) });
  }
  return network;
}

export function registerNetworkRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET", url: "/api/v3/enrichments/:id/modules/lawsuits/network", permission: "enrichments:read",
    tags, summary: "Lawsuit network of the document's relations",
    description: "One node per related CPF/CNPJ, keyed by the document as the related module shows it, with lawsuit counters and indicators (no list). Skipped with a reason when it cannot be built.",
    params: Params,
    response: { 200: Network, 400: V3ErrorBody, 404: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ params, caller }) => loadNetwork(s, caller.workspaceId, params.id),
  });

  route(app, {
    method: "GET", url: "/api/v3/enrichments/:id/modules/lawsuits/network/nodes/:ref", permission: "enrichments:read",
    tags, summary: "Lawsuits of one network node",
    description: "The node (by the opaque ref from the network response) and its lawsuits in the lawsuits dataset format, with the complete list.",
    params: NodeParams,
    response: { 200: NetworkNodeLawsuits, 400: V3ErrorBody, 404: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ params: { id, ref }, caller }): Promise<NetworkNodeLawsuits> => {
      if (!REF.test(ref)) throw new ApiError("not_found", "network node not found");
      const network = await loadNetwork(s, caller.workspaceId, id);
      if (network.status !== "ok") throw new ApiError("not_found", "network node not found");
      const found = Object.entries(network.nodes).find(([, node]) => node.ref === ref);
      if (!found) throw new ApiError("not_found", "network node not found");
      const [shown, node] = found;
      const { lawsuits: _summary, ...head } = node;
      const version = node.query.dataset.slice(node.query.dataset.lastIndexOf("-") + 1);
      const document = normalizeDocument(shown);
      const result = document ? await fetchLawsuits(s, node.entity, version, document.value) : null;
      if (result?.kind === "ok") {
        const data = result.data as ModuleData;
        return { node: { ...head, query: { status: "ok", dataset: data.dataset } }, dataset: data.dataset, module: "lawsuits", lawsuits: data.lawsuits as NetworkNodeLawsuits["lawsuits"], rules: data.rules };
      }
      if (result?.kind === "not_found") {
        return { node: { ...head, query: { status: "ok", dataset: node.query.dataset } }, dataset: node.query.dataset, module: "lawsuits", lawsuits: null, rules: [] };
      }
      return { node: { ...head, query: { status: "failed", dataset: node.query.dataset } }, dataset: node.query.dataset, module: "lawsuits", lawsuits: null, rules: [] };
    },
  });
}
