// How each relation type's edges are drawn (graph, legend and the exported PNG share it).

export const EDGE_STYLES: Record<string, { color: string; dash: number[] }> = {
  partnership: { color: "#1d4ed8", dash: [] },
  kinship: { color: "#be185d", dash: [6, 4] },
  employment: { color: "#0f766e", dash: [2, 3] },
  representation: { color: "#4b5563", dash: [8, 3, 2, 3] },
};
export const OTHER_EDGE = { color: "#a1a1aa", dash: [] as number[] };

export const edgeStyleOf = (relation: string | null) => (relation ? (EDGE_STYLES[relation] ?? OTHER_EDGE) : OTHER_EDGE);
