"use client";

import { useToast } from "@/components/ui/toaster";
import { bffSend } from "@/lib/query/bff-send";
import { downloadBlob, downloadText, edgesCsv, investigateFileName, nodesCsv, toGraphML } from "./export-formats";
import { graphToPng } from "./export-png";
import { toSnapshot, type InvState, type Layers } from "./graph-state";
import { edgeTypeLabel, flagLabel, nodeTypeLabel } from "./labels";
import type { ExportChoice } from "./toolbar";
import type { InvEdge, InvNode } from "./types";

// "Exportar": what is shown (layers and hidden nodes applied) as GraphML, CSV, JSON or PNG. The
// export is recorded first (graph.exported, on the case's timeline when opened from a case): if
// the service cannot record it, no file is made.

export interface ExportScope {
  state: InvState;
  shown: { nodes: InvNode[]; edges: InvEdge[] };
  layers: Layers;
  root: string | null;
  caseId: string | null;
  title: string | null;
}

export function useGraphExport() {
  const toast = useToast();
  return async (choice: ExportChoice, { state, shown, layers, root, caseId, title }: ExportScope) => {
    const format = choice.startsWith("csv") ? "csv" : (choice as "graphml" | "png" | "json");
    try {
      await bffSend("/bff/graph/exports", {
        method: "POST",
        body: {
          format,
          nodeCount: shown.nodes.length,
          edgeCount: shown.edges.length,
          root: root ?? undefined,
          caseId: caseId ?? undefined,
        },
      });
    } catch (e) {
      toast.show({ kind: "error", message: `Exportação não registrada: ${(e as Error).message}` });
      return;
    }
    if (choice === "graphml")
      downloadText(investigateFileName(title, "graphml"), toGraphML(shown.nodes, shown.edges, state.positions), "application/graphml+xml");
    else if (choice === "csv-nodes")
      downloadText(investigateFileName(title, "nos.csv"), nodesCsv(shown.nodes, nodeTypeLabel, flagLabel), "text/csv");
    else if (choice === "csv-edges")
      downloadText(investigateFileName(title, "ligacoes.csv"), edgesCsv(shown.edges, edgeTypeLabel), "text/csv");
    else if (choice === "json")
      downloadText(investigateFileName(title, "json"), JSON.stringify(toSnapshot(state), null, 2), "application/json");
    else
      downloadBlob(
        investigateFileName(title, "png"),
        await graphToPng(`Investigação – ${title ?? ""}`, shown.nodes, shown.edges, state.positions, layers),
      );
  };
}
