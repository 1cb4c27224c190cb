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
import { networkOf } from "./compute";
import { nodeAnswer, readyNetwork } from "./answers";

const tags = ["v3 enrichments"];
const Params = z.object({ id: z.string() });
const NodeParams = z.object({ id: z.string(), ref: z.string() });

async function loadNetwork(s: Services, workspaceId: string, id: string): Promise<Network> {
  const view = await loadView(s.db, workspaceId, id);
  if (!view) throw new ApiError("not_found", "enrichment not found");
  return readyNetwork(s, await networkOf(s, view));
}

export function registerNetworkRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/v3/enrichments/:id/modules/lawsuits/network",
    permission: "enrichments:read",
    tags,
    summary: "Lawsuit network of the document's relations",
    description:
      "One node per related CPF/CNPJ, keyed by the document as the related module shows it, with lawsuit counters and indicators (no list). Skipped with a reason when it cannot be built.",
    params: Params,
    response: { 200: Network, 400: V3ErrorBody, 404: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ params, caller }) => loadNetwork(s, caller.workspaceId, params.id),
  });

  route(app, {
    method: "GET",
    url: "/api/v3/enrichments/:id/modules/lawsuits/network/nodes/:ref",
    permission: "enrichments:read",
    tags,
    summary: "Lawsuits of one network node",
    description:
      "The node (by the opaque ref from the network response) and its lawsuits in the lawsuits dataset format, with the complete list.",
    params: NodeParams,
    response: { 200: NetworkNodeLawsuits, 400: V3ErrorBody, 404: V3ErrorBody, 409: V3ErrorBody },
    handler: async ({ params: { id, ref }, caller }) =>
      nodeAnswer(s, await loadNetwork(s, caller.workspaceId, id), ref, { workspaceId: caller.workspaceId, id }),
  });
}
