// Callback delivery workers (issue 3).
import type { Services } from "../../context";

export async function callbackWorkers(_s: Services): Promise<void> {}
