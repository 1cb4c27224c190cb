// Who can be given a case (issue 18, assignment): the workspace's enabled admins and analysts,
// the only users PUT /cases/{id}/assignee and bulk "assign" accept (others are 422
// invalid_assignee). The console's "Atribuir" offers them.
// GET /api/review/v1/members
import type { FastifyInstance } from "fastify";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Services } from "../../context";
import { users } from "../../db/schema";
import { route } from "../../http/route";
import { MemberList } from "../../../lib/contract/review";

export function registerMemberRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/review/v1/members",
    permission: "review:read",
    tags: ["review cases"],
    summary: "Who can be assigned cases",
    description:
      "The workspace's enabled admins and analysts (the assignees PUT /cases/{id}/assignee accepts), by e-mail; me marks the caller.",
    response: { 200: MemberList },
    handler: async ({ caller }) => {
      const rows = await s.db
        .select({ id: users.id, email: users.email, name: users.name, role: users.role })
        .from(users)
        .where(and(eq(users.workspaceId, caller.workspaceId), eq(users.disabled, false), inArray(users.role, ["admin", "analyst"])))
        .orderBy(asc(users.email));
      return {
        members: rows.map((r) => ({
          id: r.id,
          email: r.email,
          name: r.name,
          role: r.role as "admin" | "analyst",
          me: r.id === caller.userId,
        })),
      };
    },
  });
}
