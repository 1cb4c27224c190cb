"use client";

import { useEffect, useState } from "react";
import { AlertIcon, EyeIcon, ShieldIcon, UserIcon, XIcon, BuildingIcon } from "@/components/ui/icons";
import { formatDateTime } from "@/lib/contract/format/date";
import { shortAge } from "@/lib/review/age";
import { flagLabel, SLA_LABELS } from "@/lib/review/labels";
import type { CaseReviewView } from "@/lib/verifications/view-models";
import { cn } from "@/lib/utils/cn";
import { PersonName } from "@/components/review/person-name";

// The team cells of the queue list: owner (by name, the e-mail on hover), risk flags (icons, with their words for screen readers
// and on hover) and the age ("há 3 h", red once the SLA is breached).

const FLAG_ICONS: Record<string, typeof AlertIcon> = {
  restrictive_list: ShieldIcon,
  deceased: XIcon,
  irregular_status: BuildingIcon,
  face_mismatch: UserIcon,
  cnh_divergence: EyeIcon,
  low_score: AlertIcon,
  ai_disagrees: AlertIcon,
  alert_confirmed: ShieldIcon,
};

export function FlagIcons({ flags }: { flags: string[] }) {
  if (flags.length === 0)
    return (
      <span data-testid="row-flags" data-flags="" className="text-zinc-400">
        <span aria-hidden="true">—</span>
        <span className="sr-only">Sem sinais de risco</span>
      </span>
    );
  return (
    <ul data-testid="row-flags" data-flags={flags.join(" ")} aria-label="Sinais de risco" className="flex flex-wrap items-center gap-1">
      {flags.map((flag) => {
        const Icon = FLAG_ICONS[flag] ?? AlertIcon;
        return (
          <li
            key={flag}
            title={flagLabel(flag)}
            className="inline-flex rounded bg-rose-50 p-0.5 text-rose-700 ring-1 ring-rose-200 ring-inset"
          >
            <Icon className="size-3.5" aria-hidden="true" />
            <span className="sr-only">{flagLabel(flag)}</span>
          </li>
        );
      })}
    </ul>
  );
}

export function Assignee({ review }: { review: CaseReviewView }) {
  if (!review.assignee)
    return (
      <span data-testid="row-assignee" data-assignee="" className="text-zinc-500 italic">
        Ninguém
      </span>
    );
  return (
    <span data-testid="row-assignee" data-assignee={review.assignee.id} className="text-zinc-800">
      <PersonName person={review.assignee} me={review.mine} />
    </span>
  );
}

export function Age({ createdAt, review }: { createdAt: string | null; review?: CaseReviewView }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  if (!createdAt) return <span>—</span>;
  const breached = review?.slaState === "breached";
  const sla = review?.slaState ? SLA_LABELS[review.slaState] : null;
  const due = review?.slaDueAt ? ` · prazo ${formatDateTime(review.slaDueAt)}` : "";
  return (
    <span
      data-testid="row-age"
      data-sla={review?.slaState ?? ""}
      className={cn("whitespace-nowrap", breached ? "font-semibold text-rose-700" : "text-zinc-600")}
    >
      <time dateTime={createdAt} title={`Criada em ${formatDateTime(createdAt)}${sla ? ` · ${sla}${due}` : ""}`} suppressHydrationWarning>
        {shortAge(createdAt, now)}
      </time>
      {breached ? <span className="sr-only"> (prazo estourado)</span> : null}
    </span>
  );
}
