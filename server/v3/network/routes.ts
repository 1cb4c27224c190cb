// GET /api/v3/enrichments/:id/modules/lawsuits/network – the lawsuit network of the document's
//   relations: {status: "ok", nodes} or {status: "skipped", reason} (spec 2.5a, 4.4).
// GET /api/v3/enrichments/:id/modules/lawsuits/network/nodes/:ref – one node with its lawsuits in
//   the lawsuits dataset format, with the complete list. `ref` is opaque: no document in a URL.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../../context";
import { caller } from "../../http/auth";
import { ApiError } from "../../http/errors";
import { jsonSchema } from "../../http/validate";
import { loadView } from "../enrichments/queries";
import { networkOf } from "./compute";
import { NetworkBody, NODE_REF, NodeBody, nodeAnswer, readyNetwork } from "./answers";

const tags = ["v3 enrichments"];
const ErrorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const Params = z.object({ id: z.string() });
const NodeParams = z.object({ id: z.string(), ref: z.string() });

async function loadNetwork(s: Services, workspaceId: string, id: string) {
  const view = await loadView(s.db, workspaceId, id);
  if (!view) throw new ApiError("not_found", "enrichment not found");
  return readyNetwork(s, await networkOf(s, view));
}

export function registerNetworkRoutes(app: FastifyInstance, s: Services): void {
  app.get("/api/v3/enrichments/:id/modules/lawsuits/network", {
    config: { permission: "enrichments:read" },
    schema: {
      tags, summary: "Lawsuit network of the document's relations",
      description: "One node per related CPF/CNPJ, keyed by the document as the related module shows it, with lawsuit counters and indicators (no list). Skipped with a reason when it cannot be built.",
      params: jsonSchema(Params),
      response: { 200: jsonSchema(NetworkBody), 404: jsonSchema(ErrorBody), 409: jsonSchema(ErrorBody) },
    },
  }, async (request) => {
    const { id } = request.params as z.infer<typeof Params>;
    return loadNetwork(s, caller(request).workspaceId, id);
  });

  app.get("/api/v3/enrichments/:id/modules/lawsuits/network/nodes/:ref", {
    config: { permission: "enrichments:read" },
    schema: {
      tags, summary: "Lawsuits of one network node",
      description: "The node (by the opaque ref from the network response) and its lawsuits in the lawsuits dataset format, with the complete list.",
      params: jsonSchema(NodeParams),
      response: { 200: jsonSchema(NodeBody), 404: jsonSchema(ErrorBody), 409: jsonSchema(ErrorBody) },
    },
  }, async (request) => {
    const { id, ref } = request.params as z.infer<typeof NodeParams>;
    if (!NODE_REF.test(ref)) throw new ApiError("not_found", "network node not found");
    return nodeAnswer(s, await loadNetwork(s, caller(request).workspaceId, id), ref);
  });
}
