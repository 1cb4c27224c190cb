// The routing room's review routes (issue 35 item 4; docs/routing.md), registered through
// server/rooms.ts:
// GET  /api/review/v1/routing/members            – every analyst's cap, absence and open cases
// PUT  /api/review/v1/members/{userId}/routing   – a cap and "ausente até" (oneself, or anyone by an admin)
// POST /api/review/v1/routing/dry-run            – who would have received the last 100 cases (admins)
// The rules are the review settings' `routing` (PUT /settings); cases are routed by route.ts.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Services } from "../context";
import { route } from "../http/route";
import { V3ErrorBody } from "../../lib/contract/error-bodies";
import { DryRunBody, DryRunResult, MemberRouting, MemberRoutingBody, MemberRoutingList } from "../../lib/contract/routing";
import { readSettings } from "../review/settings/store";
import { dryRun } from "./dry-run";
import { listMemberRouting, setMemberRouting } from "./members";
import { checkRoutingRules, normalizeRules } from "./validate";

const tags = ["review routing"];
const MemberParams = z.object({ userId: z.string().max(100) });

export function registerRoutingRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/review/v1/routing/members",
    permission: "review:read",
    tags,
    summary: "Every analyst's cap, absence and open cases",
    description:
      "The workspace's enabled admins and analysts (GET /members names them): cap (null: none), awayUntil (a day, inclusive; " +
      "null: present), away (absent today, São Paulo time) and openCases (undecided cases assigned to them).",
    response: { 200: MemberRoutingList },
    handler: async ({ caller }) => ({ members: await listMemberRouting(s.db, caller.workspaceId) }),
  });

  route(app, {
    method: "PUT",
    url: "/api/review/v1/members/:userId/routing",
    permission: "review:write",
    tags,
    summary: "Set a member's cap and absence",
    description:
      "{cap, awayUntil}: an analyst for themselves (403 forbidden for someone else), an admin for any member. " +
      "A user who is not an enabled admin or analyst of the workspace is 404 not_found. Records member.routing_changed when it changes.",
    params: MemberParams,
    body: MemberRoutingBody,
    response: { 200: MemberRouting, 400: V3ErrorBody, 403: V3ErrorBody, 404: V3ErrorBody },
    handler: async ({ params, body, caller, request }) => setMemberRouting(s.db, caller, params.userId, body, request.id),
  });

  route(app, {
    method: "POST",
    url: "/api/review/v1/routing/dry-run",
    permission: "review:admin",
    tags,
    summary: "Who would have received the last 100 cases (admins)",
    description:
      "Routes the last 100 reviewable cases again, oldest first, under the setting in force or the proposed `routing`, from " +
      "today's open cases, caps, absences and round_robin cursors. Assigns and records nothing. A proposed rule naming someone " +
      "who is not an enabled admin or analyst of the workspace is 422 invalid_assignee.",
    body: DryRunBody,
    response: { 200: DryRunResult, 400: V3ErrorBody, 422: V3ErrorBody },
    handler: async ({ body, caller }) => {
      let routing = body.routing;
      if (routing) {
        routing = { ...routing, rules: normalizeRules(routing.rules) };
        await checkRoutingRules(s.db, caller.workspaceId, routing.rules);
      }
      return dryRun(s.db, caller.workspaceId, routing ?? (await readSettings(s.db, caller.workspaceId)).routing);
    },
  });
}
