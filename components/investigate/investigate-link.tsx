"use client";

import Link from "next/link";
import { useTeamFeature } from "@/components/review/team-review-context";
import { cn } from "@/lib/utils/cn";

// "Investigar": opens /investigate on a case, a related party or an enrichment's company. The
// node is named by a reference (case:<id>, related:<case>:<key>, enrichment:<id>) the console's
// server turns into company:<cnpj> or person:<verificationId>: no document travels in the URL.
// Shown only when the service offers the graph.

export function InvestigateLink({
  node,
  caseId,
  className,
  label = "Investigar",
  testId = "investigate-link",
}: {
  node: string;
  caseId?: string;
  className?: string;
  label?: string;
  testId?: string;
}) {
  const available = useTeamFeature("graph");
  if (!available) return null;
  const href = `/investigate?node=${encodeURIComponent(node)}${caseId ? `&case=${encodeURIComponent(caseId)}` : ""}`;
  return (
    <Link href={href} data-testid={testId} className={cn("text-sm font-medium text-brand-700 hover:underline", className)}>
      {label}
    </Link>
  );
}
