// The shared queue of the face model, the CNH reader and the PDF worker takes workspaces in turns.
import { describe, expect, it } from "vitest";
import { FairQueue } from "../../server/support/fair-queue";

function job(order: string[], name: string, ms = 5) {
  return async () => {
    order.push(`${name}:start`);
    await new Promise((r) => setTimeout(r, ms));
    order.push(`${name}:end`);
    return name;
  };
}

describe("FairQueue", () => {
  it("runs one job at a time, and one workspace's twenty queued jobs delay another's by one at most", async () => {
    const q = new FairQueue();
    const order: string[] = [];
    const a = Array.from({ length: 20 }, (_, i) => q.run("A", job(order, `A${i}`)));
    await new Promise((r) => setTimeout(r, 1)); // A0 runs, A1..A19 wait
    const b = q.run("B", job(order, "B0"));
    expect(q.size).toBe(21);
    expect(await b).toBe("B0");
    const starts = order.filter((e) => e.endsWith(":start"));
    expect(starts.slice(0, 2)).toEqual(["A0:start", "B0:start"]);
    await Promise.all(a);
    // never two at once
    for (let i = 0; i < order.length; i += 2) expect(order[i]!.split(":")[0]).toBe(order[i + 1]!.split(":")[0]);
    expect(q.size).toBe(0);
  });

  it("takes waiting workspaces in turns and keeps each one's order", async () => {
    const q = new FairQueue();
    const order: string[] = [];
    const all = [
      q.run("A", job(order, "A0")),
      q.run("A", job(order, "A1")),
      q.run("A", job(order, "A2")),
      q.run("B", job(order, "B0")),
      q.run("B", job(order, "B1")),
      q.run("C", job(order, "C0")),
    ];
    await Promise.all(all);
    expect(order.filter((e) => e.endsWith(":start")).map((e) => e.split(":")[0])).toEqual(["A0", "B0", "C0", "A1", "B1", "A2"]);
  });

  it("goes on after a failed job and hands its error to its caller", async () => {
    const q = new FairQueue();
    const failed = q.run("A", async () => {
      throw new Error("boom");
    });
    const next = q.run("A", async () => "ok");
    await expect(failed).rejects.toThrow("boom");
    expect(await next).toBe("ok");
  });
});
