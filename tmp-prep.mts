import { PGlite } from "@electric-sql/pglite";
import { serialize } from "pg-protocol";
const pg = new PGlite();
await pg.exec(`create table c (id text primary key, status text, n int, data jsonb, updated_at timestamptz); create table m (cid text, module text, status text, data jsonb, primary key (cid, module));`);
await pg.exec(`insert into c select 'c'||g, 'FETCHING', 0, '{}', now() from generate_series(1,5000) g; insert into m select 'c'||g, x, 'pending', null from generate_series(1,5000) g, unnest(array['a','b','c','d']) x;`);
const text = `with u as (update c set status = $1, n = n + 1, updated_at = $2::timestamptz where id = $3 and status in ('CREATED','FETCHING') returning *),
 input as (select * from jsonb_to_recordset($4::jsonb) as t(module text, data jsonb)),
 saved as (update m set status = 'ok', data = i.data from input i, u where m.cid = u.id and m.module = i.module returning m.module)
 select u.*, (select coalesce(jsonb_agg(x order by x.module), '[]') from m x where x.cid = u.id) as mods from u`;
const N = 2000;
const params = (i: number) => ["FETCHING", new Date().toISOString(), "c" + (1 + (i % 5000)), JSON.stringify([{ module: "a", data: { v: i } }])];
let t = performance.now();
for (let i = 0; i < N; i++) await pg.query(text, params(i));
console.log("query()", ((performance.now() - t) / N).toFixed(3), "ms");
// named prepared through the protocol
const p = pg as any;
await p.execProtocol(serialize.parse({ name: "s1", text }), { syncToFs: false });
await p.execProtocol(serialize.sync(), { syncToFs: false });
t = performance.now();
for (let i = 0; i < N; i++) {
  const msgs = [serialize.bind({ statement: "s1", values: params(i) }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()];
  const buf = new Uint8Array(msgs.reduce((a, b) => a + b.length, 0)); let o = 0; for (const b of msgs) { buf.set(b, o); o += b.length; }
  await p.execProtocol(buf, { syncToFs: false });
}
console.log("named", ((performance.now() - t) / N).toFixed(3), "ms");
t = performance.now();
for (let i = 0; i < N; i++) await pg.query(text, params(i));
console.log("query()", ((performance.now() - t) / N).toFixed(3), "ms");
