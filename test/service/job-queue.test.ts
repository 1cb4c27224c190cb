// The job queue's batch fetch (server/jobs/queue.ts), as the batch lane uses it: a worker takes
// several jobs at once and runs them one after the other; a job that throws does not keep the
// others of its fetch from running, and pg-boss retries what failed. Real pg-boss on the test
// database; the service's own workers are not started, so this test's worker is the lane's only one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, startService, type TestService } from "../support/harness";
import { QUEUES } from "../../server/jobs/queue";

let t: TestService;
beforeAll(async () => {
  t = await startService({ workers: false });
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe("job queue, batch fetch", () => {
  it("runs every job of a fetch when one throws, and the one that threw runs again", async () => {
    const runs: string[] = [];
    let failing = "";
    await t.services.queue.work(
      QUEUES.batch,
      1,
      async (data) => {
        runs.push(String(data.id));
        // the first job run (whichever pg-boss hands out first) fails once
        if (!failing) {
          failing = String(data.id);
          throw new Error(`first attempt of ${failing} fails`);
        }
      },
      10,
    );
    await t.services.queue.sendMany(QUEUES.batch, [{ id: "a" }, { id: "b" }, { id: "c" }]);
    // all three ran in the first fetch although the first one threw (stopping there, the next
    // runs would be a retry of the first)
    await eventually(
      async () => runs.slice(0, 3),
      (first) => first.length === 3,
    );
    expect(runs.slice(0, 3).sort()).toEqual(["a", "b", "c"]);
    // pg-boss retries the fetch's jobs (retryDelay 1 s); the failed one runs again
    await eventually(
      async () => runs.filter((id) => id === failing).length,
      (n) => n >= 2,
    );
  }, 60_000);
});
