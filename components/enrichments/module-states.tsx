"use client";

import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { MODULE_STATUS, moduleLabel } from "@/lib/enrichments/labels";
import { datasetLabel } from "@/lib/contract/labels";
import type { ModuleView } from "@/lib/enrichments/view";
import { formatDateTime } from "@/lib/contract/format/date";

// Each module's state; a retrying module counts down to its next attempt.

function Countdown({ at }: { at: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((new Date(at).getTime() - now) / 1000));
  return (
    <span data-testid="retry-countdown" className="text-xs text-amber-800 tabular-nums">
      {seconds > 0 ? `nova tentativa em ${seconds} s` : "tentando agora"}
    </span>
  );
}

export function ModuleStates({ modules }: { modules: ModuleView[] }) {
  return (
    <ul data-testid="module-states" className="divide-y divide-zinc-100">
      {modules.map((m) => {
        const meta = MODULE_STATUS[m.status] ?? { label: m.status, tone: "neutral" as const };
        return (
          <li
            key={m.name}
            data-testid="module-state"
            data-module={m.name}
            data-status={m.status}
            className="flex flex-wrap items-center justify-between gap-2 py-2"
          >
            <div>
              <p className="text-sm font-medium text-zinc-900">{moduleLabel(m.name)}</p>
              <p className="text-xs text-zinc-500" title={m.dataset}>
                {datasetLabel(m.dataset)}
              </p>
              {m.cachedAt ? (
                <p data-testid="module-cache" className="text-xs text-zinc-600">
                  Do cache: consulta de {formatDateTime(m.cachedAt)}
                </p>
              ) : null}
            </div>
            <div className="flex items-center gap-2">
              {m.status === "retrying" && m.nextAttemptAt ? <Countdown at={m.nextAttemptAt} /> : null}
              <Badge tone={meta.tone} dot pulse={m.status === "pending" || m.status === "retrying"}>
                {meta.label}
              </Badge>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
