// Maps module data (each dataset version's own format, server/datasets/formats/) to the v2
// dossier shape (spec 2.3, lib/contract/dossier.ts): `person.profile`, `person.finance` and
// `business.profile`. Every version of a dataset maps to exactly the same shape, so the v2 record
// and the console never care which version ran. Legacy formats lack a few facts (timestamps,
// country): those come out empty, never guessed.
export { toPersonProfile, toPersonFinance, type FinanceOptions } from "./person";
export { toBusinessProfile } from "./company";
export type { ClientListing } from "./shared";
export type {
  Blacklisted,
  BusinessPartner,
  BusinessProfile,
  Coded,
  DossierAddress,
  DossierContacts,
  DossierPhone,
  Indicator,
  PersonFinance,
  PersonProfile,
} from "../../../lib/contract/dossier";
