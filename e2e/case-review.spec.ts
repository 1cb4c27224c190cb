import { formatDocument } from "@/lib/contract/documents";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { randomCpf } from "./support/documents";
import { AUTH_DIR } from "./support/env";
import { expect, gotoCase, test } from "./support/fixtures";
import { RestrictiveListApi } from "./support/restrictive-list";
import { changeSettings, decisionOf, expectNoFullDocument, freshToken, readCase, recordResponses, reviewCall } from "./support/review";

// The case page with team review (issues 18 and 19): risk flags and the approval guardrail, the
// multi-line comment, masked documents and the audited reveal, "Responsável", four-eyes from two
// browsers, "Notas" and "Linha do tempo".

test.describe.configure({ mode: "serial" });

test("approving a listed holder asks for a confirmation naming the flags; Enter in the comment makes a new line; no full document before the reveal", async ({
  page,
  api,
}) => {
  test.setTimeout(150_000);
  const cpf = randomCpf();
  const listApi = new RestrictiveListApi(api.request, api);
  await listApi.add({ nationalId: cpf, reason: "Fraude confirmada em outro caso" });
  const created = await api.createVerification(cpf, { profileId: await api.verificationProfileId("person") });
  expect((await api.waitUntilTerminal(created.id)).status).toBe("COMPLETED");

  const recorder = recordResponses(page);
  await gotoCase(page, created.id);
  const panel = page.getByTestId("case-review-panel");
  await expect(panel.getByTestId("case-flags").locator("[data-flag=restrictive_list]")).toHaveText("Lista restritiva");
  await expect(page.getByTestId("decision-actions")).toHaveAttribute("data-flagged", "true");
  await expect(page.getByTestId("decide-APPROVED")).not.toHaveClass(/bg-brand-600/);
  await expect(page.getByTestId("verification-document")).toHaveText(`${cpf.slice(0, 3)}.***.***-${cpf.slice(9)}`);

  // a then Enter no longer approves: the dialog names the flags and asks for a comment
  await page.keyboard.press("a");
  const dialog = page.getByTestId("decision-dialog");
  await expect(dialog.getByRole("heading", { name: "Aprovar um caso com sinais de risco?" })).toBeVisible();
  await expect(dialog.getByTestId("decision-flags")).toContainText("Lista restritiva");
  await expect(dialog.getByTestId("decision-confirm")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByTestId("decision-problem")).toContainText("Escreva um comentário");
  await expect(dialog).toBeVisible();
  expect(await decisionOf(api, created.id)).toBe("NOTSTARTED");
  await expectNoSeriousA11yViolations(page, "flagged approval dialog at 1280 px");

  // Enter in the comment makes a new line; Ctrl+Enter sends
  const comment = dialog.getByTestId("decision-comment");
  await expect(comment).toBeFocused();
  await page.keyboard.type("Titular conferido por telefone.");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Listagem antiga, já resolvida.");
  await expect(comment).toHaveValue("Titular conferido por telefone.\nListagem antiga, já resolvida.");
  await expect(dialog).toBeVisible();
  expect(await decisionOf(api, created.id)).toBe("NOTSTARTED");
  await page.keyboard.press("Control+Enter");
  await expect.poll(() => decisionOf(api, created.id)).toBe("APPROVED");
  const record = await readCase(api, created.id);
  expect((record.feedback as { comment: string }).comment).toBe("Titular conferido por telefone.\nListagem antiga, já resolvida.");

  // the decider became the assignee; nothing the page received so far held the full document
  await gotoCase(page, created.id);
  await expect(page.getByTestId("case-assignee")).toHaveText(/^Você/);
  await expectNoFullDocument(recorder, cpf, formatDocument(cpf));

  // the audited reveal
  await page.getByTestId("document-reveal").click();
  await expect(page.getByTestId("verification-document")).toHaveText(formatDocument(cpf));
  const timeline = page.getByTestId("timeline-section");
  await expect(timeline.getByTestId("timeline-event").first()).toHaveAttribute("data-type", "document.revealed");
  await expect(timeline.getByTestId("timeline-event").first()).toContainText("Documento completo exibido");
  await expect(timeline.locator("[data-type='decision.created']")).toContainText("Decisão registrada");
  await expect(timeline.locator("[data-type='decision.created']")).toContainText("sinais reconhecidos: Lista restritiva");
  await timeline.getByTestId("timeline-filter").selectOption({ label: "Decisões" });
  await expect(timeline.getByTestId("timeline-event")).toHaveCount(1);
  await expect(timeline.getByTestId("timeline-event")).toHaveAttribute("data-type", "decision.created");
  await expectNoSeriousA11yViolations(page, "case page with team review at 1280 px");
  await page.setViewportSize({ width: 420, height: 900 });
  await expectNoSeriousA11yViolations(page, "case page with team review at 420 px");
});

test("required reasons are checked in the dialog with a pt-BR message", async ({ page, api }) => {
  test.setTimeout(120_000);
  const created = await api.createVerification(randomCpf(), { profileId: await api.verificationProfileId("person") });
  await api.waitUntilTerminal(created.id);
  const restore = await changeSettings(api, { requireReason: ["WAIVED"] });
  try {
    await gotoCase(page, created.id);
    await page.keyboard.press("d");
    const dialog = page.getByTestId("decision-dialog");
    await expect(dialog.getByTestId("decision-reasons")).toContainText("Falso positivo");
    await expect(dialog.getByTestId("decision-reasons")).toContainText("Fora do escopo");
    await expect(dialog.getByTestId("decision-reasons")).not.toContainText("Aguardando documentos");
    await page.keyboard.press("Enter");
    await expect(dialog.getByTestId("decision-problem")).toHaveText(
      'Escolha ao menos um motivo: o workspace exige motivo para "Dispensar".',
    );
    expect(await decisionOf(api, created.id)).toBe("NOTSTARTED");
    await dialog.getByText("Falso positivo").click();
    await dialog.getByTestId("decision-confirm").click();
    await expect.poll(() => decisionOf(api, created.id)).toBe("WAIVED");
    expect(((await readCase(api, created.id)).feedback as { reasons: string[] }).reasons).toEqual(["Falso positivo"]);
  } finally {
    await changeSettings(api, restore);
  }
});

test("Responsável: assign to me, release, and deciding a case someone else holds asks to take it over", async ({ page, api }) => {
  test.setTimeout(120_000);
  const created = await api.createVerification(randomCpf(), { profileId: await api.verificationProfileId("person") });
  await api.waitUntilTerminal(created.id);
  await gotoCase(page, created.id);
  const panel = page.getByTestId("case-review-panel");
  await expect(panel.getByTestId("case-assignee")).toHaveText("Ninguém");
  await panel.getByTestId("assign-me").click();
  await expect(panel.getByTestId("case-assignee")).toHaveText(/^Você/);
  await panel.getByTestId("assign-release").click();
  await expect(panel.getByTestId("case-assignee")).toHaveText("Ninguém");

  // the admin takes it; the analyst deciding it is asked to take it over first
  const admin = await reviewCall(api, "admin", "GET", "/capabilities");
  expect(admin.status).toBe(200);
  const adminId = JSON.parse(Buffer.from((await freshToken(api, "admin")).split(".")[1], "base64url").toString()).sub as string;
  expect((await reviewCall(api, "admin", "PUT", `/cases/${created.id}/assignee`, { userId: adminId })).status).toBe(200);
  await page.reload();
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  await expect(panel.getByTestId("case-assignee")).toHaveText(/^Ana Administradora/); // by name (issue 28, item 9)
  await expect(panel.getByTestId("case-assignee-name")).toHaveAttribute("title", "admin@lupa.local");
  await expect(page.getByTestId("decision-notice")).toContainText("Este caso está com Ana Administradora: decidir pede para assumi-lo.");
  await page.getByTestId("decide-STANDBY").click();
  const takeOver = page.getByTestId("take-over-dialog");
  await expect(takeOver.getByRole("heading", { name: "Assumir este caso?" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "take-over dialog");
  await takeOver.getByTestId("take-over-confirm").click();
  await expect(page.getByTestId("decision-dialog")).toBeVisible();
  await expect(panel.getByTestId("case-assignee")).toHaveText(/^Você/);
  await page.getByTestId("decision-confirm").click();
  await expect.poll(() => decisionOf(api, created.id)).toBe("STANDBY");
  const events = await reviewCall(api, "analyst", "GET", `/cases/${created.id}/events?type=case.taken_over`);
  expect((events.body?.events as unknown[]).length).toBe(1);
});

test("Notas: add, edit within 5 minutes (editado), an admin hides one with a reason", async ({ page, api, browser }) => {
  test.setTimeout(120_000);
  const created = await api.createVerification(randomCpf(), { profileId: await api.verificationProfileId("person") });
  await api.waitUntilTerminal(created.id);
  await gotoCase(page, created.id);
  const notes = page.getByTestId("notes-section");
  await expect(notes.getByTestId("notes-empty")).toBeVisible();
  await notes.getByTestId("note-add").click();
  await expect(notes.getByTestId("note-problem")).toHaveText("Escreva a nota antes de salvar.");
  await notes.getByTestId("note-new").fill("Cliente enviou comprovante.\nConferir amanhã.");
  await notes.getByTestId("note-add").click();
  const note = notes.getByTestId("note");
  await expect(note).toHaveCount(1);
  await expect(note.getByTestId("note-text")).toHaveText("Cliente enviou comprovante.\nConferir amanhã.");
  await expect(notes.getByTestId("note-new")).toHaveValue("");
  await note.getByTestId("note-edit").click();
  await note.getByTestId("note-edit-text").fill("Cliente enviou comprovante de endereço.");
  await note.getByTestId("note-edit-save").click();
  await expect(note.getByTestId("note-text")).toHaveText("Cliente enviou comprovante de endereço.");
  await expect(note.getByTestId("note-edited")).toHaveText("editado");
  await expect(note.getByTestId("note-hide")).toHaveCount(0); // analysts do not hide

  // the admin, in a browser of their own, hides it with a reason
  const context = await browser.newContext({ storageState: `${AUTH_DIR}/admin.json` });
  const adminPage = await context.newPage();
  await gotoCase(adminPage, created.id);
  const adminNotes = adminPage.getByTestId("notes-section");
  await adminNotes.getByTestId("note-hide").click();
  const dialog = adminPage.getByTestId("note-hide-dialog");
  await dialog.getByTestId("note-hide-confirm").click();
  await expect(dialog.getByRole("alert")).toHaveText("Informe o motivo para ocultar a nota.");
  await dialog.getByTestId("note-hide-reason").fill("Dado pessoal desnecessário");
  await dialog.getByTestId("note-hide-confirm").click();
  await expect(adminNotes.getByTestId("note-hidden-reason")).toContainText("Dado pessoal desnecessário");
  await context.close();

  await page.reload();
  await expect(notes.getByTestId("note-text-hidden")).toHaveText("Nota ocultada por um administrador.");
  const timeline = page.getByTestId("timeline-section");
  await timeline.getByTestId("timeline-filter").selectOption({ label: "Notas" });
  await expect(timeline.getByTestId("timeline-event")).toHaveCount(3);
  await expect(timeline.getByTestId("timeline-event").first()).toContainText("Nota ocultada");
  await expect(timeline.getByTestId("timeline-event").first()).toContainText("Ana Administradora");
});

test("four-eyes from two browsers: the analyst proposes, the proposer gets no button, the admin confirms", async ({
  page,
  api,
  browser,
}) => {
  test.setTimeout(150_000);
  const created = await api.createVerification(randomCpf(), { profileId: await api.verificationProfileId("person") });
  await api.waitUntilTerminal(created.id);
  const restore = await changeSettings(api, { fourEyes: { enabled: true, on: ["WAIVED"] } });
  try {
    await gotoCase(page, created.id);
    await page.keyboard.press("d");
    await page.getByTestId("decision-comment").fill("Homônimo: falso positivo.");
    await page.getByTestId("decision-confirm").click();
    await expect(page.getByTestId("toasts-polite")).toContainText("aguardando 2ª revisão");
    // like a decision, a proposal leaves the page on the case (outside the triage mode), and says so
    await expect(page.getByTestId("decision-registered")).toContainText("Decisão proposta");
    await gotoCase(page, created.id);
    const second = page.getByTestId("second-review");
    await expect(second.getByTestId("awaiting-second-review")).toHaveText("Aguardando 2ª revisão");
    await expect(second.getByTestId("second-review-own")).toBeVisible();
    await expect(second.getByTestId("second-review-confirm")).toHaveCount(0);
    await expect(page.getByTestId("decision-actions")).toHaveCount(0);
    expect(await decisionOf(api, created.id)).toBe("NOTSTARTED"); // a proposal is not a decision
    // issue 28, item 6: each role reads a sentence true for it (an analyst was told "Seu papel
    // permite ver o histórico, sem decidir", a viewer "decidir pede para assumi-lo")
    const panel = page.getByTestId("decision-panel");
    await expect(panel).toContainText("Você propôs uma decisão: ela aguarda a 2ª revisão de outra pessoa.");
    await expect(panel).not.toContainText("Seu papel permite");
    const viewerContext = await browser.newContext({ storageState: `${AUTH_DIR}/viewer.json` });
    const viewerPage = await viewerContext.newPage();
    await gotoCase(viewerPage, created.id);
    await expect(viewerPage.getByTestId("decision-panel")).toContainText("Seu papel permite ver o histórico, sem decidir.");
    await expect(viewerPage.getByTestId("decision-notice")).toHaveText(
      "Uma decisão proposta aguarda a 2ª revisão de um administrador ou analista; seu papel permite acompanhá-la, sem revisar.",
    );
    await expect(viewerPage.getByTestId("decision-panel")).not.toContainText("assumi-lo");
    await viewerContext.close();

    const context = await browser.newContext({ storageState: `${AUTH_DIR}/admin.json` });
    const adminPage = await context.newPage();
    await gotoCase(adminPage, created.id);
    const adminSecond = adminPage.getByTestId("second-review");
    await expect(adminSecond.getByTestId("awaiting-second-review")).toBeVisible();
    await expect(adminSecond.getByTestId("proposal-author")).toHaveText("Bruno Analista");
    await expect(adminPage.getByTestId("decision-notice")).toHaveText(
      "Como administrador, você pode confirmar ou recusar a decisão proposta em Responsável.",
    );
    await expectNoSeriousA11yViolations(adminPage, "second review");
    await adminSecond.getByTestId("second-review-confirm").click();
    await expect(adminSecond.getByTestId("second-review-problem")).toBeVisible();
    await adminSecond.getByTestId("second-review-comment").fill("Conferido: mesmo nome, outra pessoa.");
    await adminSecond.getByTestId("second-review-confirm").click();
    await expect(adminPage.getByTestId("second-review")).toHaveCount(0);
    await expect.poll(() => decisionOf(api, created.id)).toBe("WAIVED");
    const timeline = adminPage.getByTestId("timeline-section");
    await expect(timeline.locator("[data-type='decision.confirmed']")).toContainText("Ana Administradora");
    await context.close();

    await page.reload();
    await expect(page.getByTestId("second-review")).toHaveCount(0);
    await expect(page.getByTestId("verification-decision")).toHaveText("Dispensada");
  } finally {
    await changeSettings(api, restore);
  }
});

test("the AI summary is marked stale when the restrictive list changes for the document, and 'Gerar novamente' makes a new one (recorded)", async ({
  page,
  api,
}) => {
  test.setTimeout(150_000);
  const cpf = randomCpf();
  const created = await api.createVerification(cpf, { profileId: "prf_kyc_person" });
  expect((await api.waitUntilTerminal(created.id, 90_000)).status).toBe("COMPLETED");
  await gotoCase(page, created.id);
  await expect(page.getByTestId("ai-summary")).toBeVisible();
  await expect(page.getByTestId("ai-summary-regenerate-bar")).toHaveAttribute("data-stale", "false");
  await expect(page.getByTestId("ai-summary-stale")).toHaveCount(0);

  await new RestrictiveListApi(api.request, api).add({ nationalId: cpf, reason: "Listado depois do resumo" });
  await page.reload();
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  await expect(page.getByTestId("ai-summary-stale")).toContainText("Desatualizado");
  await expect(page.getByTestId("case-flags").locator("[data-flag=restrictive_list]")).toBeVisible();
  await page.getByTestId("ai-summary-regenerate").click();
  await expect(page.getByTestId("toasts-polite")).toContainText("Resumo da IA gerado novamente: recomenda ");
  await expect(page.getByTestId("ai-summary-stale")).toHaveCount(0);
  await expect(page.getByTestId("ai-summary-regenerate-bar")).toHaveAttribute("data-stale", "false");
  const timeline = page.getByTestId("timeline-section");
  await timeline.getByTestId("timeline-filter").selectOption({ label: "Resumo da IA" });
  await expect(timeline.getByTestId("timeline-event").first()).toContainText("gerado novamente");
  await expect(timeline.getByTestId("timeline-event").first()).toContainText("Bruno Analista");
});

test.describe("as a viewer", () => {
  test.use({ storageState: `${AUTH_DIR}/viewer.json` });

  test("reads a case's notes 20 at a time: 'Carregar mais' shows the next ones (issue 30)", async ({ page, api }) => {
    test.setTimeout(120_000);
    const created = await api.createVerification(randomCpf(), { profileId: await api.verificationProfileId("person") });
    await api.waitUntilTerminal(created.id);
    // two authors: each person writes at most 30 notes a minute
    for (let i = 1; i <= 21; i++) {
      const role = i % 2 ? "admin" : "analyst";
      expect((await reviewCall(api, role, "POST", `/cases/${created.id}/notes`, { text: `Nota ${i}` })).status).toBe(201);
    }
    await gotoCase(page, created.id);
    const notes = page.getByTestId("notes-section");
    await expect(notes.getByTestId("note")).toHaveCount(20);
    await expect(notes.getByTestId("note-text").first()).toHaveText("Nota 1");
    await notes.getByTestId("notes-more").click();
    await expect(notes.getByTestId("note")).toHaveCount(21);
    await expect(notes.getByTestId("note-text").last()).toHaveText("Nota 21");
    await expect(notes.getByTestId("notes-more")).toHaveCount(0);
    await notes.getByTestId("note").nth(17).scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/attacker-notes-more.png" });
  });

  test("reads 'Responsável', the notes and the timeline, with no control that acts", async ({ page, api }) => {
    test.setTimeout(120_000);
    const created = await api.createVerification(randomCpf(), { profileId: await api.verificationProfileId("person") });
    await api.waitUntilTerminal(created.id);
    expect((await reviewCall(api, "analyst", "POST", `/cases/${created.id}/notes`, { text: "Nota do analista" })).status).toBe(201);
    await gotoCase(page, created.id);
    const panel = page.getByTestId("case-review-panel");
    await expect(panel.getByTestId("case-assignee")).toHaveText("Ninguém");
    await expect(panel.getByRole("button")).toHaveCount(0);
    const notes = page.getByTestId("notes-section");
    await expect(notes.getByTestId("note-text")).toHaveText("Nota do analista");
    await expect(notes.getByTestId("note-new")).toHaveCount(0);
    await expect(notes.getByRole("button")).toHaveCount(0);
    await expect(page.getByTestId("timeline-section").locator("[data-type='note.created']")).toContainText("Bruno Analista");
    await expect(page.getByTestId("decision-actions")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "case page as viewer");
  });
});
