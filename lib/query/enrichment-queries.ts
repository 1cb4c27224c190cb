// Query keys of the enrichments, shared by the browser's queries and the server's prefetch.

export const enrichmentKeys = {
  detail: (id: string) => ["enrichments", "detail", id] as const,
};
