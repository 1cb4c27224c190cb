// GET /api/review/v1/demo-exposure (ours, public): whether an enabled demo account still accepts
// the published demo password. The console asks it before it listens beyond loopback
// (scripts/start-web.mjs), as the API asks itself at start (demo-guard.ts). It tells no more than
// a sign-in with the published password would; the answer is computed at most once a minute
// (four password comparisons), so asking it costs nothing.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../context";
import { route } from "../http/route";
import { V2ErrorBody } from "../../lib/contract/error-bodies";
import { openDemoAccounts } from "./demo-guard";

const FRESH_MS = 60_000;

export const DemoExposure = z.object({
  demoAccountsOpen: z.boolean().describe("true while an enabled demo account accepts the published demo password"),
});

export function registerDemoExposureRoute(app: FastifyInstance, s: Services): void {
  let cached: { at: number; open: Promise<boolean> } | null = null;
  route(app, {
    method: "GET",
    url: "/api/review/v1/demo-exposure",
    public: true,
    tags: ["review"],
    summary: "Whether demo accounts keep the demo password (ours, public)",
    description: "Asked by the console before it listens beyond loopback. Computed at most once a minute.",
    // 400: the strict boundary's answer to a control character in the query (server/http/boundary.ts)
    response: { 200: DemoExposure, 400: V2ErrorBody },
    handler: async () => {
      if (!cached || Date.now() - cached.at > FRESH_MS) {
        const open = openDemoAccounts(s.db).then((emails) => emails.length > 0);
        cached = { at: Date.now(), open };
        open.catch(() => (cached = null));
      }
      return { demoAccountsOpen: await cached.open };
    },
  });
}
