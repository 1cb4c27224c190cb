// The hand-written peer of the read benchmark (issue 11): what a competent engineer writes by hand
// for "get one record of my workspace". Fastify, one pg pool, jose: verify the bearer token, run
// one `select * ... where workspace_id = $1 and id = $2`, return the row. No validation layer, no
// session check, no serializer of its own. It stays deliberately plain: it is the yardstick.
import Fastify from "fastify";
import pg from "pg";
import { jwtVerify } from "jose";
import type { AddressInfo } from "node:net";

export interface Peer {
  base: string;
  close(): Promise<void>;
}

export async function startPeer(connectionString: string, secret: string): Promise<Peer> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const key = new TextEncoder().encode(secret);
  const app = Fastify({ logger: false });

  async function workspaceOf(authorization: string | undefined): Promise<string | null> {
    const token = authorization?.startsWith("Bearer ") ? authorization.slice(7) : null;
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], issuer: "lupa", audience: "lupa-api" });
      return typeof payload.wid === "string" ? payload.wid : null;
    } catch {
      return null;
    }
  }

  for (const [table, path] of [
    ["verifications", "/api/v2/verifications/:id"],
    ["enrichments", "/api/v3/enrichments/:id"],
  ] as const) {
    app.get<{ Params: { id: string } }>(path, async (request, reply) => {
      const workspaceId = await workspaceOf(request.headers.authorization);
      if (!workspaceId) return reply.status(401).send({ error: "unauthorized" });
      const { rows } = await pool.query(`select * from ${table} where workspace_id = $1 and id = $2`, [workspaceId, request.params.id]);
      if (!rows[0]) return reply.status(404).send({ error: "not found" });
      return rows[0];
    });
  }
  await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}
