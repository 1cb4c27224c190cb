import { NextResponse } from "next/server";
import { importBlacklistCsv } from "@/lib/api/blacklist";
import { bffError } from "@/lib/bff/errors";
import { BodyTooLarge, readText } from "@/lib/bff/read-body";
import { withMutation } from "@/lib/bff/with-mutation";
import { noWorkspace, workspaceIdOf } from "@/lib/bff/workspace";
import type { RestrictiveImportReport } from "@/lib/restrictive-list/entries";
import { maskedDocument } from "@/lib/verifications/document-view";

/** The service's limit on the CSV text (docs/decisions.md "v2 restrictive list"). */
const MAX_BYTES = 8 * 1024 * 1024;
const TOO_LARGE = "Arquivo grande demais: o limite é 8 MB (até 10.000 linhas).";

// POST /bff/restrictive-list/import – the CSV file as the body (text/csv): sends it to the
// service and answers its per-line report {total, added, duplicates, invalid, lines} (documents masked). The body is
// counted while it is read and refused at 8 MB, with or without a Content-Length.
export const POST = withMutation(
  async (request, { token }) => {
    const workspaceId = workspaceIdOf(token);
    if (!workspaceId) return noWorkspace();
    let csv: string;
    try {
      csv = await readText(request, MAX_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLarge) return bffError(413, "payload_too_large", TOO_LARGE);
      throw error;
    }
    if (!csv.trim()) return bffError(400, "invalid_request", "O arquivo está vazio.");
    const report: RestrictiveImportReport = await importBlacklistCsv(token, workspaceId, csv, request.signal);
    // documents masked, like every answer of the BFF (issue 19); an invalid one too
    const masked: RestrictiveImportReport = {
      ...report,
      lines: report.lines.map((line) => ({
        ...line,
        nationalId: line.nationalId ? (maskedDocument(line.nationalId) ?? "—") : line.nationalId,
      })),
    };
    return NextResponse.json(masked, { headers: { "cache-control": "no-store" } });
  },
  {
    messages: {
      400: "O arquivo não foi aceito: use o cabeçalho documento;motivo;nome;expira_em (ou nationalId,reason,name,expiresAt) e até 10.000 linhas. Nada foi importado.",
      403: "Seu papel não permite importar para a lista restritiva.",
      413: TOO_LARGE,
    },
  },
);
