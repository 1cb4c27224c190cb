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
import type { ModuleData } from "../../datasets/types";
import { normalizeDocument } from "../../../lib/contract/documents";
import { fetchLawsuits, loadNodeData, networkOf, storeNodeData, type NetworkNode, type StoredNodeData } from "./compute";

const tags = ["v3 enrichments"];
const ErrorBody = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const Params = z.object({ id: z.string() });
const NodeParams = z.object({ id: z.string(), ref: z.string() });
const Node = z.object({
  ref: z.string(),
  name: z.string().nullable(),
  entity: z.enum(["person", "company"]),
  relations: z.array(z.unknown()),
  lawsuits: z.record(z.string(), z.unknown()).nullable(),
  query: z.object({ status: z.enum(["ok", "failed"]), dataset: z.string() }),
});
const NetworkBody = z.union([
  z.object({ status: z.literal("ok"), nodes: z.record(z.string(), Node) }),
  z.object({ status: z.literal("skipped"), reason: z.enum(["related_disabled", "lawsuits_disabled", "network_not_configured", "subject_not_found", "not_run"]) }),
]);

const REF = /^nod_[A-Za-z0-9_-]{22}$/;

async function loadNetwork(s: Services, workspaceId: string, id: string) {
  const view = await loadView(s.db, workspaceId, id);
  if (!view) throw new ApiError("not_found", "enrichment not found");
  const network = await networkOf(s, view);
  if (network.status === "not_ready") {
    throw new ApiError("module_not_ready", "The lawsuit network is available once the enrichment has ended", { "Retry-After": String(s.config.schedules.retryAfterSeconds) });
  }
  return network;
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
      response: { 200: jsonSchema(z.object({ node: Node.omit({ lawsuits: true }).loose() }).loose()), 404: jsonSchema(ErrorBody), 409: jsonSchema(ErrorBody) },
    },
  }, async (request) => {
    const { id, ref } = request.params as z.infer<typeof NodeParams>;
    if (!REF.test(ref)) throw new ApiError("not_found", "network node not found");
    const workspaceId = caller(request).workspaceId;
    const network = await loadNetwork(s, workspaceId, id);
    if (network.status !== "ok") throw new ApiError("not_found", "network node not found");
    const found = Object.entries(network.nodes).find(([, node]) => node.ref === ref);
    if (!found) throw new ApiError("not_found", "network node not found");
    const [shown, node] = found;
    const { lawsuits: _summary, ...head } = node as NetworkNode;
    const version = node.query.dataset.slice(node.query.dataset.lastIndexOf("-") + 1);
    // stored with the network: no provider call (only networks stored before node data was kept fetch once)
    let result: StoredNodeData | null = await loadNodeData(s, workspaceId, id, ref);
    if (!result) {
      const document = normalizeDocument(shown);
      const fetched = document ? await fetchLawsuits(s, node.entity, version, document.value) : null;
      result = fetched?.kind === "ok" ? { kind: "ok", data: fetched.data } : fetched?.kind === "not_found" ? { kind: "not_found" } : { kind: "failed" };
      await storeNodeData(s, workspaceId, id, ref, result);
    }
    if (result.kind === "ok") {
      const data = result.data as ModuleData;
      return { node: { ...head, query: { status: "ok", dataset: data.dataset } }, dataset: data.dataset, module: data.module, lawsuits: data.lawsuits, rules: data.rules };
    }
    if (result.kind === "not_found") {
      return { node: { ...head, query: { status: "ok", dataset: node.query.dataset } }, dataset: node.query.dataset, module: "lawsuits", lawsuits: null, rules: [] };
    }
    return { node: { ...head, query: { status: "failed", dataset: node.query.dataset } }, dataset: node.query.dataset, module: "lawsuits", lawsuits: null, rules: [] };
  });
}
