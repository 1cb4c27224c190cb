"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { getQueryClient } from "@/lib/query/query-client";

export function Providers({ children }: { children: ReactNode }) {
  // Marks the document once React has hydrated (children's effects run first), so keyboard
  // shortcuts and controls are live; end-to-end tests wait for it before interacting.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
