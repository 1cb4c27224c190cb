const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Verification ids are UUIDs; anything else cannot exist (and the API would answer 400). */
export function isVerificationId(value: string): boolean {
  return UUID.test(value);
}
