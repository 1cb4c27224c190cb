import { maskedDocument } from "@/lib/verifications/document-view";
import type { Page } from "@playwright/test";
import { formatDocument, makeCnpj } from "@/lib/contract/documents";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { randomCpf } from "./support/documents";
import { API_URL, AUTH_DIR, WEB_URL } from "./support/env";
import { expect, gotoHydrated, test as base } from "./support/fixtures";
import { RestrictiveListApi } from "./support/restrictive-list";
import { expectNoFullDocument, recordResponses, reviewCall } from "./support/review";

// /restrictive-list and the case page's restrictive-list action, against the real service
// (docs/decisions.md "v2 restrictive list").

const test = base.extend<{ restrictive: RestrictiveListApi }>({
  restrictive: async ({ playwright, api }, use) => {
    const request = await playwright.request.newContext({ baseURL: API_URL });
    await use(new RestrictiveListApi(request, api));
    await request.dispose();
  },
});

const run = Date.now().toString(36);

/** The same CPF with a wrong last check digit. */
function withWrongCheckDigit(cpf: string): string {
  return `${cpf.slice(0, 10)}${(Number(cpf[10]) + 1) % 10}`;
}

/** Requests the page sends to the BFF to add an entry (none may leave for an invalid document). */
function countAddRequests(page: Page): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/bff/restrictive-list") count += 1;
  });
  return () => count;
}

/** How the console shows a document (masked: the browser never gets a full one before a reveal). */
const masked = (document: string) => maskedDocument(document) as string;

test.describe("as an analyst", () => {
  test("adds with a formatted document (invalid check digits refused before sending), searches, removes with confirmation and undoes", async ({
    page,
    restrictive,
  }) => {
    const cpf = randomCpf();
    const reason = `Fraude documental e2e ${run}`;
    const adds = countAddRequests(page);
    await gotoHydrated(page, "/restrictive-list");
    await expect(page.getByRole("heading", { level: 1, name: "Lista restritiva" })).toBeVisible();
    await expect(page.getByTestId("restrictive-count")).toHaveText(/^[\d.]+ entradas?$/);
    await expectNoSeriousA11yViolations(page, "/restrictive-list");

    await page.getByTestId("restrictive-add").click();
    const dialog = page.getByTestId("restrictive-add-dialog");
    await expect(dialog.getByRole("heading", { name: "Adicionar à lista restritiva" })).toBeVisible();
    const documentInput = dialog.getByTestId("restrictive-document");
    await expect(documentInput).toBeFocused();
    await expectNoSeriousA11yViolations(page, "add dialog");

    // Alphanumeric CNPJ: formatted as typed.
    const cnpj = makeCnpj("12ABC34501DE");
    await documentInput.pressSequentially(cnpj.toLowerCase());
    await expect(documentInput).toHaveValue(formatDocument(cnpj));
    expect(formatDocument(cnpj)).toMatch(/^12\.ABC\.345\/01DE-\d{2}$/);

    // A CPF with a wrong check digit: formatted, refused with the message, nothing sent.
    const wrong = withWrongCheckDigit(cpf);
    await documentInput.fill("");
    await documentInput.pressSequentially(wrong);
    await expect(documentInput).toHaveValue(formatDocument(wrong));
    await dialog.getByTestId("restrictive-reason").fill(reason);
    await dialog.getByTestId("restrictive-add-submit").click();
    await expect(dialog.getByTestId("restrictive-document-help")).toHaveText("CPF inválido: os dígitos verificadores não conferem.");
    await expect(documentInput).toHaveAttribute("aria-invalid", "true");
    await expect(documentInput).toBeFocused();
    await expectNoSeriousA11yViolations(page, "add dialog with an error");
    expect(adds()).toBe(0);

    // The right CPF, a name and an expiry date.
    await documentInput.fill("");
    await documentInput.pressSequentially(cpf);
    await expect(documentInput).toHaveValue(formatDocument(cpf));
    await dialog.getByTestId("restrictive-name").fill(`Fulano E2E ${run}`);
    await dialog.getByTestId("restrictive-expiry").fill("2030-12-31");
    // The BFF's answer is held back a moment (latency only): the row must show before it arrives.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/bff/restrictive-list", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await dialog.getByTestId("restrictive-add-submit").click();
    await expect(dialog).toBeHidden();
    const row = page.locator(`[data-testid="restrictive-row"][data-document="${masked(cpf)}"]`);
    await expect(row).toHaveAttribute("data-pending", "true");
    await expect(row.getByTestId("restrictive-row-added")).toHaveText("VocêSalvando…");
    await expect(page.getByTestId("restrictive-count")).toHaveText(/^[\d.]+ entradas?$/);
    expect(adds()).toBe(1);
    release(); // later requests pass through the route at once
    await expect(page.getByTestId("toasts-polite")).toContainText(`Fulano E2E ${run} adicionado à lista restritiva.`);
    expect(adds()).toBe(1);
    await expect(row).not.toHaveAttribute("data-pending", "true");
    await expect(row.getByTestId("restrictive-row-document")).toHaveText(`${cpf.slice(0, 3)}.***.***-${cpf.slice(9)}`);
    await row.getByTestId("restrictive-row-reveal").click();
    await expect(row.getByTestId("restrictive-row-document")).toHaveText(formatDocument(cpf));
    await expect(row.getByTestId("restrictive-row-name")).toHaveText(`Fulano E2E ${run}`);
    await expect(row.getByTestId("restrictive-row-reason")).toHaveText(reason);
    // one display name per person: the name, the e-mail on hover (issue 28, item 9)
    await expect(row.getByTestId("restrictive-row-added")).toContainText("Bruno Analista");
    await expect(row.getByTestId("restrictive-row-added").locator("[data-person]")).toHaveAttribute("title", "analyst@lupa.local");
    await expect(row.getByTestId("restrictive-row-expiry")).toHaveText("31/12/2030");
    const stored = await restrictive.find(cpf);
    expect(stored).toMatchObject({ reason, name: `Fulano E2E ${run}`, createdByEmail: "analyst@lupa.local", expired: false });
    expect(new Date(stored?.expiresAt ?? "").toISOString()).toBe("2031-01-01T02:59:59.000Z");

    // Search (debounced, in the URL) by the formatted document.
    await page.getByTestId("restrictive-search").fill(formatDocument(cpf));
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(formatDocument(cpf)).replace(/\./g, "\\.")}`));
    await expect(page.getByTestId("restrictive-count")).toHaveText("1 entrada");
    await expect(page.getByTestId("restrictive-row")).toHaveCount(1);
    await page.reload();
    await expect(page.getByTestId("restrictive-search")).toHaveValue(formatDocument(cpf));
    await expect(page.getByTestId("restrictive-row")).toHaveCount(1);

    // Remove: cancel first, then confirm; the row leaves at once; "Desfazer" lists it again.
    await row.getByTestId("restrictive-row-remove").click();
    const confirm = page.getByTestId("restrictive-remove-dialog");
    await expect(confirm.getByRole("heading", { name: "Remover da lista restritiva?" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "remove dialog");
    await confirm.getByTestId("restrictive-remove-cancel").click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    await row.getByTestId("restrictive-row-remove").click();
    // removal asks a reason (issue 19), recorded in the audit trail
    await confirm.getByTestId("restrictive-remove-confirm").click();
    await expect(confirm.getByTestId("restrictive-remove-reason-error")).toHaveText("Informe o motivo da remoção.");
    await confirm.getByTestId("restrictive-remove-reason").fill("Cadastro regularizado");
    await confirm.getByTestId("restrictive-remove-confirm").click();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId("toasts-polite")).toContainText(`Fulano E2E ${run} removido da lista restritiva.`);
    await expect(page.getByTestId("restrictive-empty")).toContainText("Nenhuma entrada encontrada");
    await expect.poll(async () => (await restrictive.find(cpf)) === undefined).toBe(true);

    await page.getByTestId("toasts-polite").getByRole("button", { name: "Desfazer" }).click();
    await expect(row).toBeVisible();
    await expect(page.getByTestId("toasts-polite")).toContainText(`Remoção desfeita: Fulano E2E ${run} voltou à lista restritiva.`);
    await expect(row).not.toHaveAttribute("data-pending", "true");
    const again = await restrictive.find(cpf);
    expect(again).toMatchObject({ reason, name: `Fulano E2E ${run}`, expiresAt: stored?.expiresAt });

    // Listed already: the service's 409 rolls the optimistic row back, with a toast.
    await page.getByTestId("restrictive-search").fill("");
    await expect(page).not.toHaveURL(/search=/);
    await page.getByTestId("restrictive-add").click();
    await dialog.getByTestId("restrictive-document").pressSequentially(cpf);
    await dialog.getByTestId("restrictive-reason").fill("Outra vez");
    await dialog.getByTestId("restrictive-add-submit").click();
    await expect(page.getByTestId("toasts-assertive")).toContainText(
      "Não foi possível adicionar: Este documento já está na lista restritiva.",
    );
    await expect(page.locator(`[data-testid="restrictive-row"][data-document="${masked(cpf)}"]`)).toHaveCount(1);
    await expect(
      page.locator(`[data-testid="restrictive-row"][data-document="${masked(cpf)}"]`).getByTestId("restrictive-row-reason"),
    ).toHaveText(reason);
  });

  // issue 20: 2027-01-31 imported showed 30/01/2027 (a UTC midnight), and 31/12/2026 was refused
  // issue 28, item 8: `documento;motivo` came back as "Linha 1 · Inválida"; the dialog showed English names
  test("imports pt-BR column names and plain dates as the day written, in both forms (2027-01-31 and 31/12/2026)", async ({ page }) => {
    const label = `Datas ${run}`;
    const [iso, br] = [randomCpf(), randomCpf()];
    const csv = ["Documento;Motivo;Nome;Expira em", `${iso};Data ISO;${label} iso;2027-01-31`, `${br};Data BR;${label} br;31/12/2026`].join(
      "\n",
    );
    await gotoHydrated(page, "/restrictive-list");
    await page.getByTestId("restrictive-import").click();
    const dialog = page.getByTestId("restrictive-import-dialog");
    await expect(dialog.getByTestId("restrictive-import-columns")).toHaveText("documento;motivo;nome;expira_em");
    await expect(dialog).toContainText("31/12/2026 ou 2026-12-31");
    await dialog
      .getByTestId("restrictive-import-file")
      .setInputFiles({ name: "datas.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await dialog.getByTestId("restrictive-import-submit").click();
    await expect(dialog.getByTestId("restrictive-import-status")).toHaveText("Importação concluída.", { timeout: 30_000 });
    await expect(dialog.getByTestId("restrictive-import-added")).toHaveText("2");
    await expect(dialog.getByTestId("restrictive-import-invalid")).toHaveText("0");
    await dialog.getByTestId("restrictive-import-close").click();
    await page.getByTestId("restrictive-search").fill(label);
    const rows = page.getByTestId("restrictive-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: `${label} iso` }).getByTestId("restrictive-row-expiry")).toHaveText("31/01/2027");
    await expect(rows.filter({ hasText: `${label} br` }).getByTestId("restrictive-row-expiry")).toHaveText("31/12/2026");
  });

  test("imports a CSV of 1,000 lines with a per-line report, paginates the result and exports the list", async ({ page, restrictive }) => {
    test.setTimeout(120_000);
    const batch = `Lote ${run}`;
    const documents = new Set<string>();
    while (documents.size < 998) documents.add(randomCpf());
    const valid = [...documents];
    const invalid = withWrongCheckDigit(randomCpf());
    // Line 1 is the header; the invalid document is on line 501, the repeat of line 2 on line 1001.
    const rows = valid.map((cpf, i) => `${i % 2 ? formatDocument(cpf) : cpf},Importado ${run},${batch} ${i},`);
    rows.splice(499, 0, `${invalid},Importado ${run},${batch} invalido,`);
    rows.push(`${valid[0]},Importado ${run},${batch} repetido,`);
    expect(rows).toHaveLength(1000);
    const csv = ["nationalId,reason,name,expiresAt", ...rows].join("\n");

    await gotoHydrated(page, "/restrictive-list");
    await expect(page.getByTestId("restrictive-count")).toHaveText(/^[\d.]+ entradas?$/);
    const countText = await page.getByTestId("restrictive-count").textContent();
    const before = Number((countText ?? "").replace(/\D/g, "")) || 0;

    await page.getByTestId("restrictive-import").click();
    const dialog = page.getByTestId("restrictive-import-dialog");
    await expect(dialog.getByRole("heading", { name: "Importar CSV" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "import dialog");
    await dialog.getByTestId("restrictive-import-submit").click();
    await expect(dialog.getByTestId("restrictive-import-file-error")).toHaveText("Escolha um arquivo CSV.");
    await dialog
      .getByTestId("restrictive-import-file")
      .setInputFiles({ name: "lista.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await dialog.getByTestId("restrictive-import-submit").click();

    const progress = dialog.getByRole("progressbar", { name: "Progresso da importação" });
    await expect(progress).toBeVisible();
    await expect(dialog.getByTestId("restrictive-import-status")).toHaveText("Importação concluída.", { timeout: 60_000 });
    await expect(progress).toHaveAttribute("aria-valuenow", "100");
    await expect(dialog.getByTestId("restrictive-import-total")).toHaveText("1.000");
    await expect(dialog.getByTestId("restrictive-import-added")).toHaveText("998");
    await expect(dialog.getByTestId("restrictive-import-duplicates")).toHaveText("1");
    await expect(dialog.getByTestId("restrictive-import-invalid")).toHaveText("1");
    const refused = dialog.getByTestId("restrictive-import-line");
    await expect(refused).toHaveCount(2);
    await expect(refused.nth(0)).toHaveText(
      ["501", masked(invalid), "Inválida", "CPF/CNPJ inválido (dígitos verificadores ou tamanho)."].join(""),
    );
    await expect(refused.nth(1)).toHaveText(["1001", masked(valid[0]), "Duplicada", "Repete uma linha anterior do arquivo."].join(""));
    await dialog.getByTestId("restrictive-import-show-all").check();
    await expect(dialog.getByTestId("restrictive-import-line")).toHaveCount(200);
    await expect(dialog).toContainText("Mostrando as primeiras 200 de 1.000 linhas.");
    await expect(page.getByTestId("toasts-polite")).toContainText("Importação concluída: 998 entradas adicionadas.");
    await expectNoSeriousA11yViolations(page, "import report");
    await dialog.getByTestId("restrictive-import-close").click();
    await expect(dialog).toBeHidden();

    // The table's total grew by the added lines; the batch alone, 50 a page.
    await expect(page.getByTestId("restrictive-count")).toHaveText(`${(before + 998).toLocaleString("pt-BR")} entradas`);
    await page.getByTestId("restrictive-search").fill(batch);
    await expect(page).toHaveURL(/\?search=Lote\+/);
    await expect(page.getByTestId("restrictive-count")).toHaveText("998 entradas");
    await expect(page.getByTestId("pagination-range")).toHaveText("1–20 de 998");
    await expect(page.getByTestId("restrictive-row")).toHaveCount(20);
    await page.getByTestId("pagination-next").click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId("pagination-range")).toHaveText("21–40 de 998");
    await expect(page.getByTestId("pagination-current")).toHaveText("Página 2 de 50");
    await page.getByTestId("page-size").selectOption("10");
    await expect(page).toHaveURL(/limit=10/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByTestId("pagination-current")).toHaveText("Página 1 de 100");
    await expect(page.getByTestId("restrictive-row")).toHaveCount(10);
    await page.goBack();
    await expect(page.getByTestId("pagination-range")).toHaveText("21–40 de 998");

    // Export: an attachment streamed through the BFF, every imported line in it.
    const head = await page.request.get("/bff/restrictive-list/export");
    expect(head.status()).toBe(200);
    expect(head.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(head.headers()["content-disposition"]).toMatch(/^attachment; filename="lista-restritiva-\d{4}-\d{2}-\d{2}\.csv"$/);
    const download = page.waitForEvent("download");
    await page.getByTestId("restrictive-export").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^lista-restritiva-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = Buffer.concat(await (await file.createReadStream()).toArray());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf])); // UTF-8 BOM, ;-separated for pt-BR spreadsheets
    const lines = bytes.subarray(3).toString("utf8").trim().split("\r\n");
    expect(lines[0]).toBe("documento;motivo;nome;expira_em;criado_em;criado_por;criado_por_email");
    expect(lines).toHaveLength(before + 998 + 1);
    const mine = lines.filter((line) => line.includes(`;Importado ${run};`));
    expect(mine).toHaveLength(998);
    expect(mine).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${formatDocument(valid[1]).replace(/\./g, "\\.")};Importado ${run};${batch} 1;;\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2};Bruno Analista;analyst@lupa\\.local$`,
        ),
      ),
    );
    expect(mine.some((line) => line.startsWith(formatDocument(invalid)))).toBe(false);
    expect((await restrictive.search(batch)).total).toBe(998);
  });

  test("the list shows an error with a retry when the BFF is unreachable", async ({ page }) => {
    // Fault injection only: list requests fail at the network level (the query's own retries too)
    // until "Tentar novamente", which reaches the real BFF.
    let reachable = false;
    await page.route(/\/bff\/restrictive-list(\?.*)?$/, (route) => (reachable ? route.continue() : route.abort("failed")));
    await gotoHydrated(page, "/restrictive-list");
    // the first page comes with the page (prefetched on the server): shown without the BFF
    await expect(page.getByTestId("restrictive-count")).toHaveText(/^[\d.]+ entradas?$/);
    // a search is read by the browser through the BFF
    await page.getByTestId("restrictive-search").fill("Motivo que não existe");
    const error = page.getByTestId("restrictive-error");
    await expect(error).toContainText("Não foi possível carregar a lista restritiva");
    await expect(error).toContainText("Sem conexão com o console. Verifique sua rede e tente novamente.");
    await expectNoSeriousA11yViolations(page, "/restrictive-list error");
    reachable = true;
    await page.getByTestId("restrictive-retry").click();
    await expect(error).toBeHidden();
    await expect(page.getByTestId("restrictive-count")).toHaveText(/^[\d.]+ entradas?$/);
  });

  test("from a case: lists the document, a new verification shows it listed, and removes it", async ({ page, api, restrictive }) => {
    test.setTimeout(150_000);
    const cpf = randomCpf();
    const profileId = await api.verificationProfileId("person");
    const first = await api.createVerification(cpf, { profileId });
    expect((await api.waitUntilTerminal(first.id)).status).toBe("COMPLETED");
    await gotoHydrated(page, `/verifications/${first.id}`);
    await expect(page.getByTestId("profile-blacklisted-client")).toContainText("Não");
    const listedIndicator = page.getByTestId("indicator").filter({ hasText: /^Em lista restritiva/ });
    await expect(listedIndicator).toHaveText("Em lista restritiva(sem risco)0");

    const action = page.getByTestId("restrictive-action");
    await expect(action).toHaveAttribute("data-listed", "false");
    await action.getByRole("button", { name: "Adicionar à lista restritiva" }).click();
    const dialog = page.getByTestId("restrictive-case-add-dialog");
    await expect(dialog.getByRole("heading", { name: "Adicionar à lista restritiva" })).toBeVisible();
    const documentInput = dialog.getByTestId("restrictive-document");
    // masked: the case page never holds the full document (issue 19); the BFF lists the case's own
    await expect(documentInput).toHaveValue(`${cpf.slice(0, 3)}.***.***-${cpf.slice(9)}`);
    await expect(documentInput).toHaveAttribute("readonly", "");
    await expect(dialog.getByTestId("restrictive-reason")).toBeFocused();
    await expectNoSeriousA11yViolations(page, "case add dialog");
    await dialog.getByTestId("restrictive-add-submit").click();
    await expect(dialog.getByTestId("restrictive-reason-error")).toHaveText("Informe o motivo.");
    await dialog.getByTestId("restrictive-reason").fill(`Caso ${first.id}`);
    await dialog.getByTestId("restrictive-expiry").fill("2031-06-30");
    await dialog.getByTestId("restrictive-add-submit").click();
    await expect(action).toHaveAttribute("data-listed", "true");
    await expect(action.getByTestId("restrictive-action-listed")).toHaveText("Na lista restritiva");
    // issue 28, item 10: the toast names what was listed
    const holder = await page.getByTestId("verification-name").innerText();
    await expect(page.getByTestId("toasts-polite")).toContainText(`${holder} adicionado à lista restritiva.`);
    await expect(action.getByRole("button", { name: "Remover da lista restritiva" })).toBeEnabled();
    expect(await restrictive.find(cpf)).toMatchObject({ reason: `Caso ${first.id}`, expired: false });

    // issue 28, item 3: the page shows the list now, and what held at completion beside it (the
    // header said "Na lista restritiva", the profile still "Não")
    await expect(page.getByTestId("profile-blacklisted-client-now")).toHaveText("Sim");
    await expect(page.getByTestId("profile-blacklisted-client-at-completion")).toHaveText("ao concluir: não constava");
    // …and a summary made again reads the list now: no "Não consta", no approval of a listed holder
    await expect(page.getByTestId("ai-summary-stale")).toContainText("Desatualizado");
    await page.getByTestId("ai-summary-regenerate").click();
    await expect(page.getByTestId("ai-summary-stale")).toHaveCount(0);
    await expect(page.getByTestId("ai-summary-text")).toContainText("Consta na lista restritiva do cliente.");
    await expect(page.getByTestId("ai-summary-text")).toContainText("ao concluir, não constava");
    await expect(page.getByTestId("ai-summary-text")).not.toContainText("Não consta em listas restritivas");
    await expect(page.getByTestId("ai-verdict")).toHaveAttribute("data-verdict", "REJECT");

    // A new verification of the same document, completed after the change, shows it listed.
    const second = await api.createVerification(cpf, { profileId });
    expect((await api.waitUntilTerminal(second.id)).status).toBe("COMPLETED");
    await gotoHydrated(page, `/verifications/${second.id}`);
    await expect(page.getByTestId("profile-blacklisted-client")).toContainText("Sim");
    await expect(page.getByTestId("profile-blacklisted-client")).toContainText("Lista restritiva do workspace"); // the code in words (issue 20, item 4)
    await expect(page.getByTestId("profile-blacklisted-client-at-completion")).toHaveText("ao concluir: constava");
    await expect(listedIndicator).toHaveText("Em lista restritiva(risco)1");
    await expect(listedIndicator).toHaveAttribute("data-risky", "true");
    await expect(action).toHaveAttribute("data-listed", "true");

    // Remove from the case page.
    await action.getByRole("button", { name: "Remover da lista restritiva" }).click();
    const confirm = page.getByTestId("restrictive-case-remove-dialog");
    await expect(confirm.getByRole("heading", { name: "Remover da lista restritiva?" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "case remove dialog");
    // removal asks a reason (issue 19), recorded in the audit trail
    await confirm.getByTestId("restrictive-remove-confirm").click();
    await expect(confirm.getByTestId("restrictive-remove-reason-error")).toHaveText("Informe o motivo da remoção.");
    await confirm.getByTestId("restrictive-remove-reason").fill("Cadastro regularizado");
    await confirm.getByTestId("restrictive-remove-confirm").click();
    await expect(action).toHaveAttribute("data-listed", "false");
    await expect(action.getByRole("button", { name: "Adicionar à lista restritiva" })).toBeVisible();
    await expect(page.getByTestId("toasts-polite")).toContainText(`${holder} removido da lista restritiva.`);
    await expect.poll(async () => (await restrictive.find(cpf)) === undefined).toBe(true);
  });
});

test("the list reaches the browser with masked documents only; 'Mostrar documento completo' is an audited reveal (issue 19)", async ({
  page,
  api,
  restrictive,
}) => {
  const cpf = randomCpf();
  const reason = `Mascarado ${run}`;
  await restrictive.add({ nationalId: cpf, reason, name: `Mascarado ${run}` });
  const recorder = recordResponses(page);
  await gotoHydrated(page, `/restrictive-list?search=${encodeURIComponent(reason)}`);
  const row = page.locator(`[data-testid="restrictive-row"][data-document="${masked(cpf)}"]`);
  await expect(row.getByTestId("restrictive-row-document")).toHaveText(masked(cpf));
  await expectNoFullDocument(recorder, cpf, formatDocument(cpf));
  await row.getByTestId("restrictive-row-reveal").click();
  await expect(row.getByTestId("restrictive-row-document")).toHaveText(formatDocument(cpf));
  const entryId = await row.getAttribute("data-entry");
  const events = await reviewCall(api, "admin", "GET", `/audit-events?type=document.revealed&limit=20`);
  expect(
    (events.body?.events as Array<{ entryId: string | null; actor: { email: string } }>).find((e) => e.entryId === entryId)?.actor.email,
  ).toBe("analyst@lupa.local");
});

test.describe("as a viewer", () => {
  test.use({ storageState: `${AUTH_DIR}/viewer.json` });

  test("the list reads and exports, without add, import or remove; the case page has no action; the BFF refuses changes", async ({
    page,
    api,
    restrictive,
  }) => {
    const cpf = randomCpf();
    await restrictive.add({ nationalId: cpf, reason: `Leitura do leitor ${run}`, name: `Visto pelo leitor ${run}` });
    await gotoHydrated(page, `/restrictive-list?search=${encodeURIComponent(`Leitura do leitor ${run}`)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Lista restritiva" })).toBeVisible();
    const row = page.locator(`[data-testid="restrictive-row"][data-document="${masked(cpf)}"]`);
    await expect(row.getByTestId("restrictive-row-name")).toHaveText(`Visto pelo leitor ${run}`);
    await expect(page.getByTestId("restrictive-export")).toBeVisible();
    await expect(page.getByTestId("restrictive-add")).toHaveCount(0);
    await expect(page.getByTestId("restrictive-import")).toHaveCount(0);
    await expect(page.getByTestId("restrictive-row-remove")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Adicionar|Importar|Remover/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "/restrictive-list as viewer");

    const exported = await page.request.get("/bff/restrictive-list/export");
    expect(exported.status()).toBe(200);
    expect(await exported.text()).toContain(`${formatDocument(cpf)};Leitura do leitor ${run};Visto pelo leitor ${run};`);

    const refused = await page.request.post("/bff/restrictive-list", {
      headers: { origin: WEB_URL },
      data: { nationalId: randomCpf(), reason: "Leitor não altera" },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: "forbidden", message: "Seu papel não permite alterar a lista restritiva." } });
    // removal is by entry id, with a reason (issue 19): refused for a viewer
    const entryId = await row.getAttribute("data-entry");
    const removal = await page.request.delete(`/bff/restrictive-list/entries/${entryId}`, {
      headers: { origin: WEB_URL },
      data: { reason: "Leitor não remove" },
    });
    expect(removal.status()).toBe(403);
    expect(await restrictive.find(cpf)).toBeDefined();

    const created = await api.createVerification(cpf);
    await gotoHydrated(page, `/verifications/${created.id}`);
    await expect(page.getByTestId("verification-header")).toBeVisible();
    await expect(page.getByTestId("restrictive-action")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /lista restritiva/ })).toHaveCount(0);
  });
});

// issue 28, item 9: a document had one name in the cases and another in the restrictive list, and
// an entry added through the API with no name showed none
test("an entry shows the holder's name as the case has it, the masked document on hover", async ({ page, api, restrictive }) => {
  test.setTimeout(120_000);
  const [named, unnamed, lonely] = [randomCpf(), randomCpf(), randomCpf()];
  const profileId = await api.verificationProfileId("person");
  const cases = await Promise.all([named, unnamed].map((cpf) => api.createVerification(cpf, { profileId })));
  const [one, two] = await Promise.all(cases.map((c) => api.waitUntilTerminal(c.id)));
  expect(one.name && two.name, "the sandbox names both holders").toBeTruthy();
  await restrictive.add({ nationalId: named, reason: `Nomes ${run}`, name: "Outro Nome Ltda" });
  await restrictive.add({ nationalId: unnamed, reason: `Nomes ${run}` }); // through the API, no name
  await restrictive.add({ nationalId: lonely, reason: `Nomes ${run}` }); // no name and no case
  await gotoHydrated(page, `/restrictive-list?search=${encodeURIComponent(`Nomes ${run}`)}`);
  const nameOf = (cpf: string) =>
    page.locator(`[data-testid="restrictive-row"][data-document="${maskedDocument(cpf)}"]`).getByTestId("restrictive-row-name");
  await expect(nameOf(named)).toHaveText(one.name as string);
  await expect(nameOf(unnamed)).toHaveText(two.name as string);
  await expect(nameOf(lonely)).toHaveText(maskedDocument(lonely) as string);
  await expect(nameOf(unnamed)).toHaveAttribute("title", maskedDocument(unnamed) as string);
  await expectNoSeriousA11yViolations(page, "restrictive list with holder names");
});
