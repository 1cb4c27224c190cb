// Who can be given a case (issue 18, assignment): the workspace's enabled admins and analysts,
// the only users PUT /cases/{id}/assignee and bulk "assign" accept (others are 422
// invalid_assignee). The console's "Atribuir" offers them.
// GET /api/review/v1/members
// GET /api/review/v1/people – everyone of the workspace (disabled users and every role too), so the
// console shows one name per person wherever an id or an e-mail appears (issue 28, item 9).
import type { FastifyInstance } from "fastify";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Services } from "../../context";
import { memberRouting, users } from "../../db/schema";
import { route } from "../../http/route";
import { MemberList, PeopleList } from "../../../lib/contract/review";
import type { Role } from "../../../lib/contract/enums";

export function registerMemberRoutes(app: FastifyInstance, s: Services): void {
  route(app, {
    method: "GET",
    url: "/api/review/v1/members",
    permission: "review:read",
    tags: ["review cases"],
    summary: "Who can be assigned cases",
    description:
      "The workspace's enabled admins and analysts (the assignees PUT /cases/{id}/assignee accepts), by e-mail; me marks the caller; " +
      "cap and awayUntil are their routing (docs/routing.md).",
    response: { 200: MemberList },
    handler: async ({ caller }) => {
      const rows = await s.db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          role: users.role,
          cap: memberRouting.cap,
          awayUntil: memberRouting.awayUntil,
        })
        .from(users)
        .leftJoin(memberRouting, eq(memberRouting.userId, users.id))
        .where(and(eq(users.workspaceId, caller.workspaceId), eq(users.disabled, false), inArray(users.role, ["admin", "analyst"])))
        .orderBy(asc(users.email));
      return {
        members: rows.map((r) => ({
          id: r.id,
          email: r.email,
          name: r.name,
          role: r.role as "admin" | "analyst",
          me: r.id === caller.userId,
          cap: r.cap,
          awayUntil: r.awayUntil,
        })),
      };
    },
  });

  route(app, {
    method: "GET",
    url: "/api/review/v1/people",
    permission: "review:read",
    tags: ["review cases"],
    summary: "Everyone of the workspace, by name",
    description:
      "Every user of the workspace (any role, disabled ones too): id, e-mail, name, role. Lets a client name the assignees, " +
      "authors and actors the other routes give by id and e-mail.",
    response: { 200: PeopleList },
    handler: async ({ caller }) => {
      const rows = await s.db
        .select({ id: users.id, email: users.email, name: users.name, role: users.role, disabled: users.disabled })
        .from(users)
        .where(eq(users.workspaceId, caller.workspaceId))
        .orderBy(asc(users.name), asc(users.email));
      return { people: rows.map((r) => ({ ...r, role: r.role as Role })) };
    },
  });
}
