// The order vitest hands test files to its workers. Its own sequencer runs the files that took
// longest in the last run first, from a cache a clean checkout (CI) does not have; without it, the
// largest files first. Size says little here: faults.test.ts (real processes, batches of 500, a
// private PostgreSQL) runs for minutes, and started after half of the PostgreSQL lane had passed,
// so it alone ended the lane. The files known to be long go first, longest first (measured in
// .ci/run, docs/benchmarks.md "npm test"); the rest follow in vitest's own order.
import { BaseSequencer, type TestSpecification } from "vitest/node";

export const LONG_FILES = [
  "test/service/faults.test.ts",
  "test/service/v2-vision.test.ts",
  "test/service/registry-cli.test.ts",
  "test/service/v3-enrichments-create.test.ts",
  "test/service/deployment.test.ts",
  "test/service/v2-blacklist.test.ts",
  "test/service/v3-callbacks.test.ts",
  "test/service/fuzz.test.ts",
  "test/service/demo-seed.test.ts",
  "test/service/processes.test.ts",
  "test/service/sessions.test.ts",
  "test/service/admin-passwords.test.ts",
];

const rank = (spec: TestSpecification) => {
  const i = LONG_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return i < 0 ? LONG_FILES.length : i;
};

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rest = await super.sort(files);
    // a stable sort: the known long files by rank, the others keep vitest's order
    return rest
      .map((spec, index) => ({ spec, index, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map((x) => x.spec);
  }
}
