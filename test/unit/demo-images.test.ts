// The demo's selfies are shipped (server/tenancy/demo-selfie-*.jpg) so the first start does not
// decode face-api's sample photos; they must stay what the code says they are: the same faces.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cutSelfie, DEMO_SELFIES } from "../../server/tenancy/demo-features";

describe("demo selfies", () => {
  it("are the faces cutSelfie cuts from face-api's samples", () => {
    for (const spec of Object.values(DEMO_SELFIES)) {
      const shipped = readFileSync(new URL(`../../server/tenancy/${spec.file}`, import.meta.url));
      expect(shipped.equals(cutSelfie(spec)), spec.file).toBe(true);
    }
  }, 60_000);
});
