// The OpenAI-compatible summarizer (server/ai/openai.ts) against a small fake endpoint on a
// loopback port: a valid structured answer is used; invalid JSON, an answer off the schema, an
// HTTP error, a refused connection and a slow answer fall back to the built-in summary and say so.
// The external model never receives the raw document.
import { mkdtempSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILTIN_MODEL, builtinDraft } from "../../server/ai/builtin";
import { createOpenAiSummarizer, maskDocuments } from "../../server/ai/openai";
import { createSummarizer } from "../../server/ai";
import { loadConfig as load } from "../../server/config";
import { sandboxDocumentFor } from "../../server/datasets/sandbox";
import { formatDocument, makeCpf, maskDocument } from "../../lib/contract/documents";
import { sandboxVerification } from "../support/sandbox-verification";

const PORT = 4810;
const DOC = sandboxDocumentFor("large_network", "person")!.document;

type Mode = "valid" | "not_json" | "off_schema" | "http_500" | "slow";
let mode: Mode = "valid";
const received: { url: string; headers: IncomingMessage["headers"]; body: string }[] = [];
let server: Server;

const reply = (content: string) =>
  JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ url: req.url ?? "", headers: req.headers, body });
      const send = (status: number, text: string) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(text);
      };
      if (mode === "valid")
        return send(
          200,
          reply(
            JSON.stringify({
              summary: "Resumo escrito pelo modelo externo, com atenção à situação cadastral e aos processos.",
              highlights: ["Processos ativos como réu."],
            }),
          ),
        );
      if (mode === "not_json") return send(200, reply("Claro! Aqui está o resumo: a titular..."));
      if (mode === "off_schema") return send(200, reply(JSON.stringify({ resumo: "campo errado", highlights: "não é lista" })));
      if (mode === "http_500") return send(500, JSON.stringify({ error: { message: "overloaded" } }));
      setTimeout(() => send(200, reply(JSON.stringify({ summary: "Tarde demais para ser usado no resumo.", highlights: [] }))), 1500);
    });
  });
  await new Promise<void>((resolve) => server.listen(PORT, "127.0.0.1", resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const summarizer = (timeoutMs = 1000, port = PORT) =>
  createOpenAiSummarizer({ url: `http://127.0.0.1:${port}/v1/`, model: "modelo-teste", apiKey: "chave-teste", timeoutMs });

describe("OpenAI-compatible summarizer", () => {
  it("asks POST {url}/chat/completions for structured JSON and uses a valid answer", async () => {
    mode = "valid";
    received.length = 0;
    const v = await sandboxVerification(DOC, {
      input: [
        { attribute: "cpf", value: formatDocument(DOC) },
        { attribute: "nascimento", value: "01/01/1900" },
      ],
    });
    const draft = await summarizer().summarize(v);
    expect(draft).toMatchObject({ provider: "openai-compatible", model: "modelo-teste", fallback: null });
    expect(draft.summary).toBe("Resumo escrito pelo modelo externo, com atenção à situação cadastral e aos processos.");
    // mismatches stay highlighted, and the decision stays the rule-based one
    expect(draft.highlights[0]).toMatch(/^Divergência de data de nascimento/);
    expect(draft.highlights).toContain("Processos ativos como réu.");
    const builtin = builtinDraft(v);
    expect({ verdict: draft.verdict, riskLevel: draft.riskLevel, mismatches: draft.mismatches }).toEqual({
      verdict: builtin.verdict,
      riskLevel: builtin.riskLevel,
      mismatches: builtin.mismatches,
    });

    expect(received).toHaveLength(1);
    const request = received[0]!;
    expect(request.url).toBe("/v1/chat/completions");
    expect(request.headers.authorization).toBe("Bearer chave-teste");
    const body = JSON.parse(request.body);
    expect(body.model).toBe("modelo-teste");
    expect(body.response_format.type).toBe("json_schema");
    expect(body.response_format.json_schema.schema.required).toEqual(["summary", "highlights"]);
    // privacy: the document is masked, never sent in any spelling; related parties' documents are not sent
    expect(request.body).toContain(maskDocument(DOC));
    expect(request.body).not.toContain(DOC);
    expect(request.body).not.toContain(formatDocument(DOC));
    const relatedDocs = JSON.stringify(v.dossier!.related)
      .match(/"document":"([0-9A-Z]{11,14})"/g)!
      .map((m) => m.slice(12, -1));
    expect(relatedDocs.length).toBeGreaterThan(5);
    for (const doc of relatedDocs) expect(request.body).not.toContain(doc);
  });

  it.each([
    ["not_json", "invalid_output"],
    ["off_schema", "invalid_output"],
    ["http_500", "http_error"],
  ] as const)("falls back to the built-in summary when the endpoint answers %s", async (m, reason) => {
    mode = m;
    const v = await sandboxVerification(DOC);
    const draft = await summarizer().summarize(v);
    const builtin = builtinDraft(v);
    expect(draft).toEqual({ ...builtin, model: `${BUILTIN_MODEL}; fallback de modelo-teste (${reason})`, fallback: reason });
  });

  it("falls back on a slow answer after the configured timeout", async () => {
    mode = "slow";
    const v = await sandboxVerification(DOC);
    const draft = await summarizer(200).summarize(v);
    expect(draft.fallback).toBe("timeout");
    expect(draft.provider).toBe("builtin");
    expect(draft.model).toContain(BUILTIN_MODEL);
    expect(draft.model).toContain("modelo-teste");
    expect(draft.summary).toBe(builtinDraft(v).summary);
  });

  it("falls back when nothing listens at the URL", async () => {
    const draft = await summarizer(1000, PORT + 1).summarize(await sandboxVerification(DOC));
    expect(draft.fallback).toBe("network_error");
  });
});

describe("configuration", () => {
  it("uses the built-in provider unless LUPA_AI_URL is set, and needs a model with it", () => {
    const dir = { LUPA_DATA_DIR: mkdtempSync(path.join(tmpdir(), "lupa-ai-config-")) };
    const loadConfig = (env: Record<string, string>) => load({ ...dir, ...env });
    expect(createSummarizer(loadConfig({})).name).toBe(BUILTIN_MODEL);
    expect(createSummarizer(loadConfig({ LUPA_AI_URL: "http://127.0.0.1:4810/v1", LUPA_AI_MODEL: "m" })).name).toBe("m");
    expect(loadConfig({}).ai.timeoutMs).toBe(15_000);
    expect(loadConfig({ LUPA_AI_TIMEOUT_MS: "2500" }).ai.timeoutMs).toBe(2500);
    expect(() => loadConfig({ LUPA_AI_URL: "http://127.0.0.1:4810/v1" })).toThrow(/LUPA_AI_MODEL/);
    expect(() => loadConfig({ LUPA_AI_URL: "ftp://x", LUPA_AI_MODEL: "m" })).toThrow(/LUPA_AI_URL/);
  });

  it("masks every valid CPF/CNPJ of a text, formatted or not", () => {
    const cpf = makeCpf("529982247");
    expect(maskDocuments(`a ${cpf} b ${formatDocument(cpf)} c 12345678901`, cpf)).toBe(
      `a ${maskDocument(cpf)} b ${maskDocument(cpf)} c 12345678901`,
    );
  });
});
