import { readFile } from "node:fs/promises";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { randomCpf } from "./support/documents";
import { AUTH_DIR } from "./support/env";
import { expect, gotoHydrated, test } from "./support/fixtures";
import { reviewCall } from "./support/review";
import { AUDIT_HEADER, readSheet } from "../test/support/sheet";

// /audit "Auditoria" (issue 19): admins read the workspace's audit trail, filter it, page it and
// export it as CSV; other roles are refused.

test.describe("as an admin", () => {
  test.use({ storageState: `${AUTH_DIR}/admin.json` });

  test("filters by case and type, pages by cursor and exports CSV", async ({ page, api }) => {
    test.setTimeout(120_000);
    const cpf = randomCpf();
    const created = await api.createVerification(cpf, { profileId: await api.verificationProfileId("person") });
    await api.waitUntilTerminal(created.id);
    // the analyst reveals the document and writes three notes: five events on this case at least
    expect((await reviewCall(api, "analyst", "POST", `/cases/${created.id}/reveal`)).status).toBe(200);
    for (const text of ["primeira", "segunda", "terceira"])
      expect((await reviewCall(api, "analyst", "POST", `/cases/${created.id}/notes`, { text })).status).toBe(201);

    await gotoHydrated(page, "/audit");
    await expect(page.getByRole("heading", { level: 1, name: "Auditoria" })).toBeVisible();
    await expect(page.getByTestId("audit-row").first()).toBeVisible();
    // the case is found by its document and picked from the list (issue 29, item 5), not pasted as a UUID
    await page.getByTestId("audit-filter-case").fill(cpf);
    await page.locator(`[data-testid=audit-case-option][data-case='${created.id}']`).click();
    await page.getByTestId("audit-apply").click();
    await expect(page).toHaveURL(new RegExp(`caseId=${created.id}`));
    // a link with the case's id shows the case by its name in the box, not the UUID
    await gotoHydrated(page, `/audit?caseId=${created.id}`);
    const caseBox = page.getByTestId("audit-filter-case");
    await expect(caseBox).not.toHaveValue(created.id);
    await expect(caseBox).toHaveValue(/\p{L}{2,}/u);
    const ofCase = page.locator(
      "[data-testid=audit-row][data-type='document.revealed'], [data-testid=audit-row][data-type='note.created']",
    );
    await expect(ofCase).toHaveCount(4);
    // every row is of this case: one query over the live list (a row-by-row loop over .all() broke
    // when a refresh re-rendered the list between the two)
    await expect(page.locator(`[data-testid=audit-row]:not([data-case='${created.id}'])`)).toHaveCount(0);
    const reveal = page.locator("[data-testid=audit-row][data-type='document.revealed']");
    await expect(reveal.getByTestId("audit-row-type")).toHaveText("Documento completo exibido");
    await expect(reveal.getByTestId("audit-row-actor")).toHaveText("Bruno Analista"); // the name, the e-mail on hover (issue 28, item 9)
    await expect(reveal.getByTestId("audit-row-actor").locator("[title]")).toHaveAttribute("title", "analyst@lupa.local");
    await expect(reveal).toContainText(`${cpf.slice(0, 3)}.***.***-${cpf.slice(9)}`);
    await expect(page.locator("body")).not.toContainText(cpf);

    await page.getByTestId("audit-filter-type").selectOption("note.created");
    await page.getByTestId("audit-apply").click();
    await expect(page.getByTestId("audit-row")).toHaveCount(3);
    await expect(page.getByTestId("audit-newer")).toBeDisabled();

    // the actor is a member picked by name; a typed name without a case picked is refused before it is sent
    await page.getByTestId("audit-filter-type").selectOption("");
    await page.getByTestId("audit-filter-actor").selectOption({ label: "Bruno Analista" });
    await page.getByTestId("audit-apply").click();
    await expect(page).toHaveURL(/actorId=[0-9a-f-]{36}/);
    await expect(page.getByTestId("audit-row").first()).toBeVisible();
    await expect(page.locator("[data-testid=audit-row-actor]").filter({ hasNotText: "Bruno Analista" })).toHaveCount(0);
    await page.getByTestId("audit-filter-case").fill("nenhum caso chamado assim");
    await page.getByTestId("audit-apply").click();
    await expect(page.getByTestId("audit-filter-problem")).toHaveText("Escolha o caso na lista: busque pelo nome ou pelo documento.");

    // cursor paging over the whole trail (50 a page): older, then newer again
    await page.getByTestId("audit-clear").click();
    await expect(page).toHaveURL(/\/audit$/);
    const firstPageTop = await page.getByTestId("audit-row").first().getAttribute("data-type");
    if (await page.getByTestId("audit-older").isEnabled()) {
      await page.getByTestId("audit-older").click();
      await expect(page.getByTestId("audit-newer")).toBeEnabled();
      await page.getByTestId("audit-newer").click();
      await expect(page.getByTestId("audit-row").first()).toHaveAttribute("data-type", firstPageTop ?? "");
    }

    await expectNoSeriousA11yViolations(page, "audit at 1280 px");
    await page.setViewportSize({ width: 420, height: 900 });
    await expectNoSeriousA11yViolations(page, "audit at 420 px");

    // CSV of the case's events, streamed through the BFF
    await gotoHydrated(page, `/audit?caseId=${created.id}`);
    const download = page.waitForEvent("download");
    await page.getByTestId("audit-export").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path()) as string, "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    // issue 29: in people's words, the codes beside them, Brasília dates, the raw data last
    const { header, records: events } = readSheet(csv);
    expect(header).toEqual(AUDIT_HEADER);
    const ofThisCase = events.filter((e) => e.caso_id === created.id && /^(note\.created|document\.revealed)$/.test(e.tipo_codigo!));
    expect(ofThisCase).toHaveLength(4);
    expect(ofThisCase.find((e) => e.tipo_codigo === "document.revealed")).toMatchObject({
      tipo: "Documento completo exibido",
      ator: "Bruno Analista",
      ator_email: "analyst@lupa.local",
      documento: `${cpf.slice(0, 3)}.***.***-${cpf.slice(9)}`,
      criado_em: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
    });
    expect(ofThisCase.filter((e) => e.tipo === "Nota adicionada")).toHaveLength(3);
    expect(csv).not.toContain(cpf);
    // the export itself is recorded
    const exported = await reviewCall(api, "admin", "GET", "/audit-events?type=audit.exported&limit=1");
    expect((exported.body?.events as Array<{ actor: { email: string } }>)[0]?.actor.email).toBe("admin@lupa.local");
  });
});

test.describe("as an analyst", () => {
  test("the page is refused and the nav has no link to it", async ({ page }) => {
    await gotoHydrated(page, "/audit");
    await expect(page.getByTestId("audit-refused")).toContainText("Acesso restrito a administradores");
    await expect(page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Auditoria" })).toHaveCount(0);
    const response = await page.request.get("/bff/audit/events");
    expect(response.status()).toBe(403);
  });
});
