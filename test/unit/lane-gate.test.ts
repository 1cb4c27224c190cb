// Interactive work first (server/engine/lane-gate.ts): a batch start waits while interactive work
// runs, goes at once when it ends, and never waits longer than maxWaitMs.
import { describe, expect, it } from "vitest";
import { LaneGate, RECENT_MS } from "../../server/engine/lane-gate";

const settled = async (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe("LaneGate", () => {
  it("lets a batch start at once when nothing interactive runs", async () => {
    const gate = new LaneGate(1000);
    expect(await settled(gate.batchTurn(), 20)).toBe(true);
    expect(gate.waited.count).toBe(0);
  });

  it("holds a batch start while interactive work runs, and lets it go when the last one ends", async () => {
    const gate = new LaneGate(5000);
    const first = gate.hold();
    const second = gate.hold();
    const turn = gate.batchTurn();
    expect(await settled(turn, 50)).toBe(false);
    first();
    first(); // releasing twice counts once
    expect(await settled(turn, 50)).toBe(false);
    expect(gate.busy).toBe(true);
    second();
    expect(await settled(turn, 50)).toBe(true);
    expect(gate.busy).toBe(false);
    expect(gate.waited.count).toBe(1);
  });

  it("never holds a batch start longer than maxWaitMs (a steady interactive stream slows batches, never stops them)", async () => {
    const gate = new LaneGate(80);
    gate.hold();
    const started = performance.now();
    await gate.batchTurn();
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(70);
    expect(waited).toBeLessThan(1000);
  });

  it("maxWaitMs 0 turns it off", async () => {
    const gate = new LaneGate(0);
    gate.hold();
    expect(await settled(gate.batchTurn(), 20)).toBe(true);
  });
});

describe("LaneGate.recentlyBusy (issue 28, item 11)", () => {
  it("holds while interactive work runs and for RECENT_MS after the last one ends, then clears", async () => {
    const gate = new LaneGate(5000);
    expect(gate.recentlyBusy).toBe(false);
    const release = gate.hold();
    expect(gate.recentlyBusy).toBe(true);
    release();
    expect(gate.busy).toBe(false);
    expect(gate.recentlyBusy).toBe(true);
    await new Promise((r) => setTimeout(r, RECENT_MS + 50));
    expect(gate.recentlyBusy).toBe(false);
  });
});
