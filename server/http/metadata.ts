// Limits of the free `metadata` object of v3 enrichments and batches (docs/decisions.md,
// "Metadata limits"). Metadata is stored as jsonb with each enrichment and echoed in every read,
// list page and callback, so it is bounded in size, depth and keys. A batch's metadata is copied
// into each of up to 500 items: the merged metadata of every item is held to the same limits, so
// one batch writes at most 500 x 16 KB of it.
//
// The boundary (server/http/boundary.ts) has already refused anything nested deeper than
// MAX_INPUT_DEPTH, so the serialization below cannot recurse without bound.

/** Serialized (JSON, UTF-8) size of one metadata object. */
export const MAX_METADATA_BYTES = 16 * 1024;
/** Levels of nesting; the metadata object itself is level 1. */
export const MAX_METADATA_DEPTH = 8;
/** Keys of any one object inside metadata. */
export const MAX_METADATA_KEYS = 100;

/** Which limit a metadata object exceeds ("where: problem", naming no value), or null. */
export function metadataProblem(metadata: Record<string, unknown>, where = "metadata"): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value: metadata, depth: 1 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value !== "object" || value === null) continue;
    if (depth > MAX_METADATA_DEPTH) return `${where}: nested deeper than ${MAX_METADATA_DEPTH} levels`;
    if (Array.isArray(value)) {
      for (const v of value) stack.push({ value: v, depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(value);
    if (keys.length > MAX_METADATA_KEYS) return `${where}: an object has more than ${MAX_METADATA_KEYS} keys`;
    for (const k of keys) stack.push({ value: (value as Record<string, unknown>)[k], depth: depth + 1 });
  }
  if (Buffer.byteLength(JSON.stringify(metadata), "utf8") > MAX_METADATA_BYTES) {
    return `${where}: larger than ${MAX_METADATA_BYTES} bytes serialized`;
  }
  return null;
}
