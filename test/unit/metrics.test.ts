// The metrics' own parts: the cheap series format as prom-client's would (cumulative buckets, +Inf,
// _sum, _count); a label combination resolves to one series; docs/operations.md lists every
// lupa_ metric with its type, and nothing else.
import { readFileSync } from "node:fs";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { CounterFamily, HistogramFamily, keyed2 } from "../../server/metrics/series";
import { processRegistry, scrapedRegistry, type ScrapeSources } from "../../server/metrics/definitions";
import { FAMILIES, parseScrape, total } from "../support/prometheus";

describe("series", () => {
  it("a histogram answers cumulative buckets, +Inf, _sum and _count in the text format", async () => {
    const registry = new Registry();
    const family = new HistogramFamily("t_seconds", "test", [0.1, 1, 10]);
    registry.registerMetric(family as unknown as Parameters<Registry["registerMetric"]>[0]);
    const a = family.series({ route: "/a/:id" });
    for (const v of [0.05, 0.1, 0.5, 5, 50]) a.observe(v);
    family.series({ route: "/b" });
    const text = await registry.metrics();
    expect(text).toContain("# TYPE t_seconds histogram");
    const samples = parseScrape(text);
    const bucket = (le: string) => total(samples, "t_seconds_bucket", { route: "/a/:id", le });
    expect([bucket("0.1"), bucket("1"), bucket("10"), bucket("+Inf")]).toEqual([2, 3, 4, 5]);
    expect(total(samples, "t_seconds_sum", { route: "/a/:id" })).toBeCloseTo(55.65);
    expect(total(samples, "t_seconds_count", { route: "/a/:id" })).toBe(5);
    expect(total(samples, "t_seconds_count", { route: "/b" })).toBe(0);
  });

  it("a counter's series add up; label values are escaped by the registry", async () => {
    const registry = new Registry();
    const family = new CounterFamily("t_total", "test");
    registry.registerMetric(family as unknown as Parameters<Registry["registerMetric"]>[0]);
    const s = family.series({ outcome: 'a"b' });
    s.inc();
    s.inc(2);
    expect(await registry.metrics()).toContain('t_total{outcome="a\\"b"} 3');
  });

  it("keyed2 makes one value per pair of keys", () => {
    let made = 0;
    const get = keyed2((a: string, b: number) => ({ a, b, n: ++made }));
    expect(get("x", 1)).toBe(get("x", 1));
    expect(get("x", 2)).not.toBe(get("x", 1));
    expect(get("y", 1)).not.toBe(get("x", 1));
    expect(made).toBe(3);
  });
});

describe("docs/operations.md", () => {
  const none = {} as ScrapeSources; // not read: only the names are listed
  const defined = new Map(
    [...processRegistry.getMetricsAsArray(), ...scrapedRegistry(none).getMetricsAsArray()]
      .filter((m) => m.name.startsWith("lupa_"))
      .map((m) => [m.name, (m as unknown as { type: string }).type]),
  );
  const text = readFileSync("docs/operations.md", "utf8");
  const documented = new Map<string, string>();
  for (const [, names, type] of text.matchAll(/^\| (`lupa_[a-z_]+`(?:, `lupa_[a-z_]+`)*) \| (counter|gauge|histogram) \|/gm))
    for (const [, name] of names!.matchAll(/`(lupa_[a-z_]+)`/g)) documented.set(name!, type!);

  it("lists every metric with its type, and no other", () => {
    expect(defined.size).toBeGreaterThanOrEqual(20);
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(defined));
  });

  it("the service tests check every one", () => {
    for (const [name, type] of defined) expect(FAMILIES[name], name).toBe(type);
  });
});
