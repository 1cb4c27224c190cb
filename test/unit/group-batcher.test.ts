// The batch lane's group (server/engine/group.ts): calls made in the same turn of the event loop
// run together; when that fails, each runs alone, and only its own failure reaches its caller.
import { describe, expect, it } from "vitest";
import { Batcher } from "../../server/engine/group";

function recording(fail: { many?: boolean; one?: (n: number) => boolean } = {}) {
  const calls: string[] = [];
  const batcher = new Batcher<number, number>(
    async (items) => {
      calls.push(`many ${items.join(",")}`);
      if (fail.many) throw new Error("many failed");
      return items.map((n) => n * 10);
    },
    async (n) => {
      calls.push(`one ${n}`);
      if (fail.one?.(n)) throw new Error(`one ${n} failed`);
      return n * 10;
    },
  );
  return { calls, batcher };
}

describe("Batcher", () => {
  it("runs the calls of one turn together, each caller getting its own result", async () => {
    const { calls, batcher } = recording();
    expect(await Promise.all([batcher.call(1), batcher.call(2), batcher.call(3)])).toEqual([10, 20, 30]);
    expect(calls).toEqual(["many 1,2,3"]);
  });

  it("runs a call alone when it is the only one of its turn, and calls of later turns apart", async () => {
    const { calls, batcher } = recording();
    expect(await batcher.call(1)).toBe(10);
    const second = batcher.call(2);
    await new Promise((r) => setImmediate(r));
    const third = batcher.call(3);
    expect(await Promise.all([second, third])).toEqual([20, 30]);
    expect(calls).toEqual(["one 1", "one 2", "one 3"]);
  });

  it("when the call together fails, runs each alone: only a failing one's caller sees its error", async () => {
    const { calls, batcher } = recording({ many: true, one: (n) => n === 2 });
    const results = await Promise.allSettled([batcher.call(1), batcher.call(2), batcher.call(3)]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([10, "one 2 failed", 30]);
    expect(calls).toEqual(["many 1,2,3", "one 1", "one 2", "one 3"]);
  });
});
