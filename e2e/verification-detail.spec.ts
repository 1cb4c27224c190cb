import { MASKED_CNPJ, MASKED_CPF, SLOW_CPF, randomCnpj, randomCpf } from "./support/documents";
import { expect, gotoHydrated, test } from "./support/fixtures";

// The case page: profile of a verification created through the API, processing, not found.

test("a verification created through the API shows its name and profile once completed", async ({ page, api }) => {
  const profileId = await api.verificationProfileId("person");
  const created = await api.createVerification(randomCpf(), { profileId });
  const done = await api.waitUntilTerminal(created.id);
  expect(done.status).toBe("COMPLETED");
  expect(done.name).toBeTruthy();

  await gotoHydrated(page, `/verifications/${created.id}`);
  await expect(page.getByTestId("verification-name")).toHaveText(done.name as string);
  await expect(page.getByTestId("verification-status")).toHaveAttribute("data-status", "COMPLETED");
  await expect(page.getByTestId("verification-document")).toHaveText(MASKED_CPF);
  await page.getByTestId("document-reveal").click();
  await expect(page.getByTestId("verification-document")).toHaveText(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);

  const profile = page.getByTestId("profile-section");
  await expect(profile).toBeVisible();
  await expect(profile.getByTestId("profile-fiscal-status")).not.toHaveText("");
  await expect(profile.getByTestId("profile-fiscal-status")).not.toContainText("Não informada");
  await expect(profile.getByTestId("profile-birth-date")).toHaveText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(profile.getByTestId("address").first()).toBeVisible();
});

test("a company verification shows the business profile with its partners", async ({ page, api }) => {
  const created = await api.createVerification(randomCnpj(), { profileId: await api.verificationProfileId("company") });
  const done = await api.waitUntilTerminal(created.id);
  expect(done.status).toBe("COMPLETED");

  await gotoHydrated(page, `/verifications/${created.id}`);
  await expect(page.getByTestId("verification-name")).toHaveText(done.name as string);
  await expect(page.getByTestId("verification-document")).toHaveText(MASKED_CNPJ);
  const company = page.getByTestId("company-profile");
  await expect(company.getByTestId("company-name")).toHaveText(done.name as string);
  await expect(company.getByTestId("profile-fiscal-status")).not.toContainText("Não informada");
  await expect(company.getByTestId("partner").first()).toBeVisible();
  for (const document of await company.getByTestId("partner").locator("td:nth-child(2)").allTextContents()) {
    expect(document).toMatch(new RegExp(`${MASKED_CPF.source}|${MASKED_CNPJ.source}`));
  }
});

test("the new verification is reachable from the list", async ({ page, api }) => {
  const created = await api.createVerification(randomCpf());
  const done = await api.waitUntilTerminal(created.id);
  await gotoHydrated(page, "/verifications");
  const row = page.locator(`[data-testid="verification-row"][data-id="${created.id}"]`);
  await expect(row).toBeVisible();
  await row.getByTestId("row-name").click();
  await expect(page).toHaveURL(new RegExp(`/verifications/${created.id}$`));
  if (done.name) await expect(page.getByTestId("verification-name")).toHaveText(done.name);
  await page.getByTestId("back-to-list").click();
  await expect(page).toHaveURL(/\/verifications$/);
});

test("a verification still processing shows the processing state and keeps refreshing", async ({ page, api }) => {
  // The sandbox's slow document, with a scoring profile that plans modules beyond profile.
  const created = await api.createVerification(SLOW_CPF, { profileId: await api.verificationProfileId("person") });
  await gotoHydrated(page, `/verifications/${created.id}`);
  await expect(page.getByTestId("verification-processing")).toBeVisible();
  // The page reads the verification again every 2 s while it is not terminal.
  const refetch = await page.waitForResponse((response) => response.url().endsWith(`/bff/verifications/${created.id}`), { timeout: 6_000 });
  expect(refetch.status()).toBe(200);
});

test("an unknown verification shows the not-found state", async ({ page }) => {
  await gotoHydrated(page, "/verifications/00000000-0000-4000-8000-000000000000");
  await expect(page.getByTestId("verification-not-found")).toContainText("Verificação não encontrada");
  await gotoHydrated(page, "/verifications/not-a-uuid");
  await expect(page.getByTestId("verification-not-found")).toBeVisible();
});
