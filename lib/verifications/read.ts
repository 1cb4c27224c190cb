// Defensive readers for dossier data of unknown shape: each returns null (or []) rather than throw.
// They are lib/contract/dossier-read.ts's, under the names the view models use.
export { bagOf as obj, listOf as list, textOf as str, numberOf as num, booleanOf as bool, type Bag } from "@/lib/contract/dossier-read";
