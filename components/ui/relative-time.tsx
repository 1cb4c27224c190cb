"use client";

import { useEffect, useState } from "react";
import { formatDateTime, formatRelative } from "@/lib/contract/format/date";

/** "há 5 minutos", with the full pt-BR date on hover; refreshed every minute. */
export function RelativeTime({ value, className }: { value: string | null | undefined; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  if (!value) return <span className={className}>—</span>;
  return (
    <time dateTime={value} title={formatDateTime(value)} className={className} suppressHydrationWarning>
      {formatRelative(value, now)}
    </time>
  );
}
