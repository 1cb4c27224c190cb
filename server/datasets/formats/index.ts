// The formats of the dataset blocks the service reads (the dossier mapping), one file per
// dataset. Providers (the sandbox among them) declare that they publish these.
export type * from "./contacts";
export type * from "./person-profile";
export type * from "./company-profile";
export type * from "./person-finance";
