import { formatDocument, isValidCnpj, isValidCpf, maskDocument } from "../lib/contract/documents";
import { AUTH_DIR } from "./support/env";
import { createEnrichment } from "./support/enrichments";
import { randomCnpj } from "./support/documents";
import { expect, gotoHydrated, test } from "./support/fixtures";
import { expectNoFullDocument, recordResponses, reviewCall } from "./support/review";

// The enrichment page gets masked documents only (the subject's, and every CPF and CNPJ in the
// module data): nothing the page receives before a reveal holds one in full. "Mostrar documento
// completo" shows the subject's, and the review API records who saw it (document.revealed).

/** The valid documents the v3 answer names in full: runs of 11 (CPF) or 14 (CNPJ) digits. */
function documentsIn(text: string): string[] {
  const runs = text.match(/(?<!\d)\d{11}(?!\d)|(?<!\d)\d{14}(?!\d)/g) ?? [];
  return [...new Set(runs.filter((run) => (run.length === 11 ? isValidCpf(run) : isValidCnpj(run))))];
}

test("the enrichment page shows masked documents until a recorded reveal", async ({ page, api, browser }) => {
  test.setTimeout(150_000);
  const cnpj = randomCnpj();
  const id = await createEnrichment(api.request, api, cnpj, "prf_company_complete");
  const raw = await api.request.get(`/api/v3/enrichments/${id}?include=data`, {
    headers: { authorization: `Bearer ${await api.token("integration")}` },
  });
  expect(raw.status()).toBe(200);
  const others = documentsIn(await raw.text()).filter((d) => d !== cnpj);
  expect(others.length, "the company's data names partners or related companies in full").toBeGreaterThan(0);

  const recorder = recordResponses(page);
  await gotoHydrated(page, `/enrichments/${id}`);
  const document = page.getByTestId("enrichment-document");
  await expect(document).toHaveText(maskDocument(cnpj));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(maskDocument(cnpj));
  await expect(page.getByTestId("module-data")).not.toHaveCount(0);
  // the raw JSON is the masked data too
  await page.getByTestId("raw-toggle").click();
  await expect(page.locator("[data-testid=raw-data] [data-module=profile]").getByTestId("raw-json")).toContainText(maskDocument(cnpj));
  await expect(page.locator("body")).not.toContainText(formatDocument(cnpj));

  // nothing the page received (HTML, RSC payload, BFF answers) held a full document
  await expectNoFullDocument(recorder, cnpj, formatDocument(cnpj));
  const bodies = await recorder.bodies();
  const leaks = bodies.filter((b) => others.some((d) => b.text.includes(d) || b.text.includes(formatDocument(d)))).map((b) => b.url);
  expect(leaks, "responses that carried a related document in full").toEqual([]);

  // the audited reveal, and hiding it again
  const reveal = page.waitForResponse((r) => r.url().endsWith(`/bff/enrichments/${id}/reveal`) && r.request().method() === "POST");
  await page.getByTestId("document-reveal").click();
  expect(await (await reveal).json()).toEqual({ formatted: formatDocument(cnpj), recorded: true });
  await expect(document).toHaveText(formatDocument(cnpj));
  await expect(page.getByTestId("document-reveal")).toHaveAttribute("aria-pressed", "true");
  await page.getByTestId("document-reveal").click();
  await expect(document).toHaveText(maskDocument(cnpj));

  // recorded: who, the masked document, the enrichment
  const events = await reviewCall(api, "admin", "GET", "/audit-events?type=document.revealed&limit=50");
  expect(events.status).toBe(200);
  const event = (events.body!.events as { actor: { email: string } | null; data: Record<string, unknown> }[]).find(
    (e) => e.data.enrichmentId === id,
  );
  expect(event).toMatchObject({ actor: { email: "analyst@lupa.local" }, data: { document: maskDocument(cnpj), of: "enrichment" } });

  // and the admin reads it on /audit
  const context = await browser.newContext({ storageState: `${AUTH_DIR}/admin.json` });
  try {
    const admin = await context.newPage();
    await gotoHydrated(admin, "/audit?type=document.revealed");
    const row = admin.locator("[data-testid=audit-row][data-type='document.revealed']").filter({ hasText: id });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("audit-row-actor")).toHaveText("Bruno Analista");
    await expect(row).toContainText(maskDocument(cnpj));
    await expect(admin.locator("body")).not.toContainText(formatDocument(cnpj));
  } finally {
    await context.close();
  }
});
