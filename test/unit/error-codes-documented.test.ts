// Every error code of the registry is documented in docs/errors.md with its status (and nothing
// documented there is missing from the registry).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ERROR_STATUS } from "../../lib/contract/error-codes";

const rows = new Map(
  [...readFileSync("docs/errors.md", "utf8").matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1]!, Number(m[2])]),
);

describe("docs/errors.md", () => {
  it.each(Object.entries(ERROR_STATUS))("documents %s with status %d", (code, status) => {
    expect(rows.get(code)).toBe(status);
  });

  it("documents no code the registry lacks", () => {
    for (const code of rows.keys()) expect(Object.keys(ERROR_STATUS)).toContain(code);
  });
});
