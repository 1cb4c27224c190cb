"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { ArrowLeftIcon } from "@/components/ui/icons";
import { LAST_LIST_URL_KEY } from "./use-verification-filters";

/** Back to the list with the filters the analyst left it with. */
export function BackToListLink() {
  const [href, setHref] = useState("/verifications");
  useEffect(() => {
    const last = sessionStorage.getItem(LAST_LIST_URL_KEY);
    if (last?.startsWith("/verifications")) setHref(last);
  }, []);
  return (
    <Link
      href={href}
      data-testid="back-to-list"
      className="inline-flex items-center gap-1.5 rounded text-sm text-zinc-500 hover:text-zinc-900"
    >
      <ArrowLeftIcon className="size-3.5" />
      Verificações
    </Link>
  );
}
