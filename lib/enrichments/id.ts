/** v3 enrichment ids: `enr_` and a unique identifier (the BFF refuses anything else before calling the API). */
export function isEnrichmentId(id: string): boolean {
  return /^enr_[A-Za-z0-9_-]{8,64}$/.test(id);
}
