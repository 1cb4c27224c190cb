import { NextResponse } from "next/server";
import { reviewFetch } from "@/lib/api/review";
import { bffError } from "@/lib/bff/errors";
import { readJson, withMutation } from "@/lib/bff/with-mutation";
import { graphError, UUID } from "@/lib/graph/bff";
import { NODE_ID } from "@/lib/graph/node-input";

const FORMATS = ["graphml", "csv", "png", "json"];

// POST /bff/graph/exports {format, nodeCount, edgeCount?, root?, caseId?} – records an export in the audit trail before the file is made.
export const POST = withMutation(async (request, { token }) => {
  const input = (await readJson(request)) as Record<string, unknown> | null;
  const format = input?.format;
  const count = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 10_000_000;
  if (typeof format !== "string" || !FORMATS.includes(format) || !count(input?.nodeCount))
    return bffError(400, "invalid_request", "Formato de exportação desconhecido.");
  const body: Record<string, unknown> = { format, nodeCount: input!.nodeCount };
  if (count(input!.edgeCount)) body.edgeCount = input!.edgeCount;
  if (typeof input!.root === "string" && NODE_ID.test(input!.root)) body.root = input!.root;
  if (typeof input!.caseId === "string" && UUID.test(input!.caseId)) body.caseId = input!.caseId;
  try {
    const answer = await reviewFetch<unknown>("/graph/exports", { method: "POST", token, body });
    return NextResponse.json(answer, { status: 201, headers: { "cache-control": "no-store" } });
  } catch (error) {
    return graphError(error);
  }
});
