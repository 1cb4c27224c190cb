// Beyond the spec (docs/decisions.md): the lawsuit network of a v2 verification, for the case
// page's "Rede de processos". Same shape as the v3 network, built by the same code from the
// verification's collection (its related and lawsuits modules), and stored the same way.
// GET /api/v2/verifications/:id/network – {status: "ok", nodes} or {status: "skipped", reason}
// GET /api/v2/verifications/:id/network/nodes/:ref – one node with its complete lawsuit list
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { ApiError } from "../../http/errors";
import { route } from "../../http/route";
import { Network, NetworkNodeLawsuits, V2ErrorBody } from "../../../lib/contract";
import { loadCollection, loadModules } from "../../engine/store";
import { networkOf } from "../../v3/network/compute";
import { nodeAnswer, readyNetwork } from "../../v3/network/answers";
import { getVerification } from "./queries";
import { VerificationIdParams } from "./schemas";

const tags = ["v2 verifications"];
const NodeParams = VerificationIdParams.extend({ ref: z.string().max(100) });

async function loadNetwork(s: Services, workspaceId: string, id: string) {
  const row = await getVerification(s.db, workspaceId, id);
  const collection = row ? await loadCollection(s.db, row.id) : null;
  if (!row || !collection || collection.workspaceId !== workspaceId) throw new ApiError("not_found", "verification not found");
  const source = {
    enrichment: { id: row.id, workspaceId, document: row.nationalId },
    collection,
    modules: await loadModules(s.db, row.id),
  };
  return readyNetwork(s, await networkOf(s, source));
}

export function registerVerificationNetworkRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/v2/verifications/:id/network",
    permission: "verifications:read",
    tags,
    summary: "Lawsuit network of a verification (beyond the spec)",
    description:
      "The v3 network's shape, from the verification's related and lawsuits modules: one node per related CPF/CNPJ with lawsuit counters and indicators, or skipped with a reason. 409 while the verification collects.",
    params: VerificationIdParams,
    response: { 200: Network, 400: V2ErrorBody, 404: V2ErrorBody, 409: V2ErrorBody },
    handler: async ({ params, caller }) => loadNetwork(s, caller.workspaceId, params.id),
  });

  route(app, {
    method: "GET",
    url: "/api/v2/verifications/:id/network/nodes/:ref",
    permission: "verifications:read",
    tags,
    summary: "Lawsuits of one network node of a verification (beyond the spec)",
    description:
      "The node (by the opaque ref from the network response) and its lawsuits in the lawsuits dataset format, with the complete list.",
    params: NodeParams,
    response: { 200: NetworkNodeLawsuits, 400: V2ErrorBody, 404: V2ErrorBody, 409: V2ErrorBody },
    handler: async ({ params, caller }) =>
      nodeAnswer(s, await loadNetwork(s, caller.workspaceId, params.id), params.ref, { workspaceId: caller.workspaceId, id: params.id }),
  });
}
