import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RulesGate } from "@/components/rules/rules-gate";
import { RulesetEditor } from "@/components/rules/ruleset-editor";

export const metadata: Metadata = { title: "Versão de regras" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// GET /rules/:id – one version: its rules and thresholds, editable while a draft (admins), tried on a case.
export default async function RulesetPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  return <RulesGate>{(canEdit) => <RulesetEditor id={id} canEdit={canEdit} />}</RulesGate>;
}
