"use client";

import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { bffFetch } from "@/lib/query/bff-fetch";
import { requestStepUp } from "@/lib/query/step-up";
import type { FactorStatus } from "@/lib/contract/mfa";

// A download of a step-up act (the cases', the audit log's and the restrictive list's CSV; issue
// 34). A plain link would save the BFF's 401 as the file: before following it, the link asks
// whether the session is fresh (GET /bff/auth/factor, freshUntil) and, when it is not, opens the
// step-up dialog; then it follows itself. Without JavaScript it stays a plain link.

const MARGIN_MS = 10_000;

async function fresh(): Promise<boolean> {
  try {
    const status = await bffFetch<FactorStatus>("/bff/auth/factor");
    return status.freshUntil !== null && Date.parse(status.freshUntil) - Date.now() > MARGIN_MS;
  } catch {
    return true; // could not tell: the download itself answers
  }
}

export function FreshDownloadLink(props: AnchorHTMLAttributes<HTMLAnchorElement>) {
  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    props.onClick?.(event);
    const anchor = event.currentTarget;
    if (event.defaultPrevented || anchor.dataset.checked === "1") {
      delete anchor.dataset.checked;
      return;
    }
    event.preventDefault();
    if (!(await fresh()) && !(await requestStepUp())) return;
    anchor.dataset.checked = "1";
    anchor.click();
  }
  return <a {...props} onClick={(event) => void onClick(event)} />;
}
