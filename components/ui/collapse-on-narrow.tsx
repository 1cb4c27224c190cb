"use client";

import { createContext, useContext, type ReactNode } from "react";

// Sections inside <CollapseOnNarrow> start collapsed below lg (the case page's dossier on a phone):
// the page opens on what decides the case, and each section opens with its heading's button.
// Outside it, and from lg up, sections are always open and have no button.

const CollapseContext = createContext(false);

export function CollapseOnNarrow({ children }: { children: ReactNode }) {
  return <CollapseContext.Provider value={true}>{children}</CollapseContext.Provider>;
}

/** Whether the section being rendered collapses below lg. */
export function useCollapseOnNarrow(): boolean {
  return useContext(CollapseContext);
}
