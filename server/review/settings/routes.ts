// GET /api/review/v1/settings – the workspace's review settings (every role that reads)
// PUT /api/review/v1/settings – change any subset of them (admins)
// GET /api/review/v1/capabilities – what this deployment offers (the console shows team features when it answers)
import type { FastifyInstance } from "fastify";
import type { Services } from "../../context";
import { route } from "../../http/route";
import { can } from "../../auth/permissions";
import { V3ErrorBody } from "../../../lib/contract/error-bodies";
import { Capabilities, ReviewSettings, SettingsUpdate } from "../../../lib/contract/review";
import { readSettings, updateSettings } from "./store";
import { ApiError } from "../../http/errors";
import { validateCallback } from "../../callbacks/validate";
import { parseAllowList } from "../../callbacks/destination";

const tags = ["review settings"];
export const FEATURES = [
  "assignment",
  "sla",
  "flags",
  "bulk",
  "export",
  "views",
  "reasons",
  "fourEyes",
  "notes",
  "reveal",
  "audit",
  "stats",
  "rules",
  "monitoring",
  "sso",
  // issue 34: API keys (admins, /api-keys) and "Sessões ativas" (/sessions)
  "apiKeys",
  "sessions",
  "graph",
  "webhooks", // issue 35 (server/webhooks)
  "mfa",
  "routing",
];

export function registerSettingsRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/review/v1/capabilities",
    permission: "review:read",
    tags,
    summary: "What the review API offers",
    description:
      "`teamReview: true` and the features of this deployment, with what the caller's role may do. A deployment of the bare interface answers 404 here.",
    response: { 200: Capabilities },
    handler: async ({ caller }) => ({
      teamReview: true as const,
      version: "1" as const,
      features: FEATURES,
      role: caller.role,
      canAct: can(caller.role, "review:write"),
      canAdminister: can(caller.role, "review:admin"),
    }),
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/settings",
    permission: "review:read",
    tags,
    summary: "The workspace's review settings",
    description:
      "slaHours (default 24), the reason catalog per decision, requireReason, fourEyes, auditRetentionDays (default 1826, 5 years), " +
      "rules.requireSecondPerson (default true) and " +
      "monitoring ({enabled, scope, sources, callbackUrl}; default on, approved cases, every source, no callback; docs/monitoring.md), " +
      "mfa ({required}; default false: MFA obrigatório for password accounts, docs/security.md) and " +
      "routing ({mode, rules}; default off; docs/routing.md).",
    response: { 200: ReviewSettings },
    handler: async ({ caller }) => readSettings(s.db, caller.workspaceId),
  });

  route(app, {
    method: "PUT",
    url: "/api/review/v1/settings",
    permission: "review:admin",
    tags,
    summary: "Change review settings (admins)",
    description:
      "Any subset of the settings; `reasons`, `fourEyes` and `monitoring` may carry a subset of their keys. The rest keeps its value. " +
      "An enabled monitoring needs at least one source (400 invalid_body). " +
      "monitoring.callbackUrl follows the v3 callbacks' URL rules (https, no refused destination: 400 invalid_callback); null clears it. " +
      "routing may carry mode and/or the whole list of rules; a rule naming someone who is not an enabled admin or analyst is 422 invalid_assignee. " +
      "A decision in requireReason needs a non-empty catalog. Answers the settings in force; a change records settings.changed. " +
      "Step-up: needs an authentication less than LUPA_STEP_UP_SECONDS old (401 reauthentication_required; docs/security.md).",
    body: SettingsUpdate,
    freshAuth: true,
    response: { 200: ReviewSettings, 400: V3ErrorBody, 422: V3ErrorBody },
    handler: async ({ body, caller, request }) => {
      // monitoring.callbackUrl (docs/monitoring.md, "Callbacks"): the v3 callbacks' URL rules
      const url = body.monitoring?.callbackUrl;
      if (typeof url === "string") {
        const checked = validateCallback({ url }, { allowList: parseAllowList(s.config.callbackAllowList) });
        if (!checked.ok) throw new ApiError("invalid_callback", checked.message.replace(/^callback\.url/, "monitoring.callbackUrl"));
        body = { ...body, monitoring: { ...body.monitoring, callbackUrl: checked.value.url } };
      }
      return updateSettings(s.db, caller, request.id, body);
    },
  });
}
