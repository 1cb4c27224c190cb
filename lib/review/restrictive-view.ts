// A restrictive-list entry as the browser gets it from a case: its id and masked document only.
export interface MaskedRestrictiveEntryView {
  id: string;
  document: string;
  name: string | null;
  reason: string;
  createdByEmail: string | null;
  createdAt: string;
  expiresAt: string | null;
  expired: boolean;
}
