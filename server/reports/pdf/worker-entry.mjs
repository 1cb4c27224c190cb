// The report worker's entry when the service runs from its TypeScript sources (tsx, vitest):
// registers tsx in this thread, then loads worker.ts. A compiled service starts worker.js
// directly (renderer.ts chooses by its own file's extension).
import { register } from "tsx/esm/api";

register();
await import("./worker.ts");
