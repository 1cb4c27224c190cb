// The restrictive list (spec 4.3; docs/decisions.md "v2 restrictive list"): query parameters,
// bodies and the record. `reason` required, `expiresAt`, `search`, import and export are beyond
// the spec.
import { z } from "zod";
import { ExportFormat } from "../../../lib/contract/review";

export const MAX_REASON_LENGTH = 500;
export const MAX_NAME_LENGTH = 200;
export const MAX_IMPORT_LINES = 10_000;

const workspaceId = z.uuid({ error: "must be a UUID" });
const intParam = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const WorkspaceQuery = z.object({ workspaceId }).strict();
export const ExportQuery = z.object({ workspaceId, format: ExportFormat }).strict();

export const ListQuery = z
  .object({
    workspaceId,
    limit: intParam(1, 100).default(20),
    page: intParam(1, 1_000_000).default(1),
    search: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
export type ListQuery = z.infer<typeof ListQuery>;

export const DeleteQuery = z
  .object({
    workspaceId,
    /** Why the entry is removed (kept in the audit trail); beyond the spec. */
    reason: z.string().trim().min(1).max(MAX_REASON_LENGTH).optional(),
  })
  .strict();

export const NationalIdParams = z.object({ nationalId: z.string().min(11).max(14) });

export const CreateEntryBody = z
  .object({
    nationalId: z.string().min(11).max(14),
    reason: z.string().trim().min(1).max(MAX_REASON_LENGTH),
    name: z.string().trim().max(MAX_NAME_LENGTH).optional(),
    expiresAt: z.iso.datetime({ offset: true, error: "must be an RFC 3339 date-time" }).optional(),
  })
  .strict();
export type CreateEntryBody = z.infer<typeof CreateEntryBody>;

export { BlacklistEntry as EntryRecord, BlacklistList as EntryList, BlacklistImportResult as ImportResult } from "../../../lib/contract";
