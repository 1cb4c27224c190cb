// Types for the three files of graphology-layout-forceatlas2 0.10 that its own `assign` is made of
// (index.js: defaults, matrices, iterate, write back). layout.ts calls them one iteration at a time
// so the worker can report progress; test/unit/investigate-layout.test.ts checks the positions
// stay those of `forceAtlas2.assign` with the same settings, so an upgrade that changes them fails.

declare module "graphology-layout-forceatlas2/defaults.js" {
  import type { ForceAtlas2Settings } from "graphology-layout-forceatlas2";
  const defaults: Required<ForceAtlas2Settings>;
  export default defaults;
}

declare module "graphology-layout-forceatlas2/iterate.js" {
  import type { ForceAtlas2Settings } from "graphology-layout-forceatlas2";
  export default function iterate(settings: ForceAtlas2Settings, nodes: Float32Array, edges: Float32Array): void;
}

declare module "graphology-layout-forceatlas2/helpers.js" {
  import type Graph from "graphology-types";
  export function graphToByteArrays(
    graph: Graph,
    getEdgeWeight: (edge: string, attributes: unknown, source: string, target: string) => number,
  ): { nodes: Float32Array; edges: Float32Array };
  export function assignLayoutChanges(graph: Graph, nodes: Float32Array, outputReducer: null): void;
}
