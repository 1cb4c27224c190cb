import { expectNoSeriousA11yViolations } from "./support/axe";
import { randomCpf } from "./support/documents";
import { AUTH_DIR } from "./support/env";
import { expect, gotoHydrated, test } from "./support/fixtures";
import { freshToken, reviewCall } from "./support/review";

// "Simular" and "Qualidade do score" (issue 31 item 6): two new cases, one approved and one
// reproved by the analyst; an admin backtests a draft that takes 400 points from every case
// against the active version: the console follows it and shows the flip matrix and the rule table
// as the service answers them, sortable with the keyboard (aria-sort), and the flipped cases
// linking to their verifications; an analyst opens the same result read only; the overview's
// "Qualidade do score" shows the active version's AUC as the service computes it. Axe without
// serious violations; the result at 1280 and 420 px.

const PROFILE = "prf_kyc_person";
const MINUS_400 = { code: "e2e_minus_400", title: "Todo caso perde 400", condition: "true", weight: 400, module: "profile", enabled: true };

test("Simular: an admin backtests a draft, reads the flips and the rules; an analyst reads it; Qualidade do score on the overview", async ({
  page,
  api,
  browser,
}) => {
  test.setTimeout(240_000);
  // two cases the active version scores, then decided: one approved, one reproved
  const cases = [
    await api.createVerification(randomCpf(), { profileId: PROFILE }),
    await api.createVerification(randomCpf(), { profileId: PROFILE }),
  ];
  for (const c of cases) expect((await api.waitUntilTerminal(c.id, 90_000)).status).toBe("COMPLETED");
  const analyst = await freshToken(api, "analyst");
  for (const [c, status] of [
    [cases[0]!, "APPROVED"],
    [cases[1]!, "REPROVED"],
  ] as const) {
    const decided = await api.request.post(`/api/v2/verifications/${c.id}/feedbacks`, {
      headers: { authorization: `Bearer ${analyst}` },
      // an approval acknowledges the case's risk flags, as the console asks the analyst to
      data: {
        status,
        comment: "decisão do e2e de simulação",
        ...(status === "APPROVED" ? { acknowledgedFlags: (await reviewCall(api, "analyst", "GET", `/cases/${c.id}`)).body!.flags } : {}),
      },
    });
    expect(decided.status(), await decided.text()).toBe(201);
  }

  // a draft from the active version with one more rule that fires on every case
  const versions = (await reviewCall(api, "admin", "GET", `/rulesets?profileId=${PROFILE}`)).body!.rulesets as Array<{
    id: string;
    version: number;
    active: boolean;
  }>;
  const active = versions.find((v) => v.active)!;
  const draft = (await reviewCall(api, "admin", "POST", "/rulesets", { profileId: PROFILE, basedOn: active.id })).body as {
    id: string;
    version: number;
    rules: unknown[];
    thresholds: unknown;
  };
  const saved = await reviewCall(api, "admin", "PUT", `/rulesets/${draft.id}`, {
    rules: [...draft.rules, MINUS_400],
    thresholds: draft.thresholds,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);

  const admin = await browser.newContext({ storageState: `${AUTH_DIR}/admin.json`, viewport: { width: 1280, height: 900 } });
  const a = await admin.newPage();
  let backtestUrl: string;
  try {
    await gotoHydrated(a, `/rules/${draft.id}`);
    const simulate = a.getByTestId("rules-simulate");
    await expect(simulate.getByTestId("simulate-baseline")).toContainText(`A versão ativa (${active.version})`);
    await expect(simulate.getByTestId("simulate-unsaved")).toHaveCount(0);
    await simulate.getByTestId("simulate-run").click();
    await expect(a).toHaveURL(/simulacao=/);
    const result = simulate.getByTestId("backtest-result");
    await expect(result).toBeVisible({ timeout: 60_000 });
    backtestUrl = a.url();
    const backtestId = new URL(backtestUrl).searchParams.get("simulacao")!;
    const b = (await reviewCall(api, "viewer", "GET", `/backtests/${backtestId}`)).body as {
      state: string;
      flips: Record<string, Record<string, number>>;
      rules: Array<{ code: string; hits: number; precision: number | null }>;
      flipped: Array<{ verificationId: string }>;
      baseline: { auc: number | null };
      candidate: { auc: number | null };
    };
    expect(b.state).toBe("done");

    // the flip matrix, as the service counts it: with 400 points less, no case stays approved
    for (const from of ["APPROVE", "REVIEW", "REPROVE"])
      for (const to of ["APPROVE", "REVIEW", "REPROVE"])
        await expect(result.getByTestId(`flip-${from}-${to}`)).toHaveText(b.flips[from]![to]!.toLocaleString("pt-BR"));
    expect(b.flips.APPROVE!.APPROVE).toBe(0);
    expect(b.flips.APPROVE!.REVIEW! + b.flips.APPROVE!.REPROVE!).toBeGreaterThan(0);

    // the rule table: the new rule fired on every case; sorted by hits first, then by precision with the keyboard
    const table = result.getByTestId("backtest-rules");
    const minus = b.rules.find((r) => r.code === MINUS_400.code)!;
    await expect(table.locator(`[data-code=${MINUS_400.code}]`).getByTestId("rule-hits")).toContainText(minus.hits.toLocaleString("pt-BR"));
    await expect(table.locator("th", { has: a.getByTestId("sort-hits") })).toHaveAttribute("aria-sort", "descending");
    await a.getByTestId("sort-precision").focus();
    await a.keyboard.press("Enter");
    await expect(table.locator("th", { has: a.getByTestId("sort-precision") })).toHaveAttribute("aria-sort", "descending");
    await expect(table.locator("th", { has: a.getByTestId("sort-hits") })).toHaveAttribute("aria-sort", "none");
    const best = [...b.rules].filter((r) => r.precision !== null).sort((x, y) => y.precision! - x.precision!)[0];
    if (best)
      await expect(table.getByTestId("backtest-rule").first().getByTestId("rule-precision")).toHaveText(
        new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 1 }).format(best.precision!),
      );
    await a.keyboard.press("Enter");
    await expect(table.locator("th", { has: a.getByTestId("sort-precision") })).toHaveAttribute("aria-sort", "ascending");

    // the flipped cases open their verification
    expect(b.flipped.length).toBeGreaterThan(0);
    await expect(result.getByTestId("flipped-case").first()).toHaveAttribute("href", `/verifications/${b.flipped[0]!.verificationId}`);

    await result.scrollIntoViewIfNeeded();
    await simulate.screenshot({ path: "/tmp/rules-simulate-result-1280.png" });
    await expectNoSeriousA11yViolations(a, "a backtest's result at 1280 px");
    await a.setViewportSize({ width: 420, height: 900 });
    await expect(result.getByTestId("flip-matrix")).toBeVisible();
    await simulate.screenshot({ path: "/tmp/rules-simulate-result-420.png" });
    const box = (await table.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(420);
    await result.getByTestId("backtest-summary").scrollIntoViewIfNeeded();
    await a.screenshot({ path: "/tmp/rules-simulate-result-top-420.png" });

    // an unsaved edit: the simulation runs the saved draft, and says so
    await expect(simulate.getByTestId("simulate-unsaved")).toHaveCount(0);
    await a.getByTestId("threshold-approve").fill("650");
    await expect(simulate.getByTestId("simulate-unsaved")).toContainText("salve antes");
    await expectNoSeriousA11yViolations(a, "a backtest's result at 420 px");
  } finally {
    await admin.close();
  }

  // an analyst reads the same result, with nothing to run
  await gotoHydrated(page, new URL(backtestUrl).pathname + new URL(backtestUrl).search);
  await expect(page.getByTestId("simulate-readonly")).toBeVisible();
  await expect(page.getByTestId("simulate-run")).toHaveCount(0);
  await expect(page.getByTestId("backtest-result")).toBeVisible();

  // Qualidade do score: the active version's AUC over every decided case, as the service says
  const quality = (await reviewCall(api, "analyst", "GET", `/rules/quality?profileId=${PROFILE}`)).body as {
    auc: number | null;
    ruleset: { version: number };
    labels: { approved: number; reproved: number };
  };
  expect(quality.labels.approved).toBeGreaterThan(0);
  expect(quality.labels.reproved).toBeGreaterThan(0);
  await gotoHydrated(page, "/overview?range=all");
  const section = page.getByTestId("score-quality");
  await expect(section.getByTestId("quality-auc")).toHaveText(
    quality.auc!.toLocaleString("pt-BR", { minimumFractionDigits: 3, maximumFractionDigits: 3 }),
  );
  await expect(section.getByTestId("quality-summary")).toContainText(`Versão ${quality.ruleset.version}`);
  await expect(section.getByTestId("quality-band").first()).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/rules-simulate-quality-1280.png" });
  await expectNoSeriousA11yViolations(page, "the overview with Qualidade do score");
});
