// The real sandbox provider, wrapped to record every request it is asked (instrumentation around
// the real thing, not a mock): tests of what reaches the outside sources count these.
import { createSandboxProvider } from "../../server/datasets/sandbox";
import type { DatasetProvider, FetchRequest } from "../../server/datasets/types";

export function countingSandboxProvider(): { provider: DatasetProvider; calls: FetchRequest[] } {
  const calls: FetchRequest[] = [];
  const real = createSandboxProvider({ latencyMs: 0, slowMs: 3000 });
  const provider: DatasetProvider = {
    name: real.name,
    fetch: (request) => {
      calls.push(request);
      return real.fetch(request);
    },
  };
  return { provider, calls };
}
