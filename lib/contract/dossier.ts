// The v2 dossier blocks (spec 2.3): `person.profile`, `person.finance` and our `business.profile`
// (docs/sandbox.md). Every dataset version maps to exactly these shapes. The dossier sections
// stay open to additions (more modules, CNH, face match, restrictive-list indicators): the
// blocks declared here are exact, the sections around them accept other keys.
import { z } from "zod";
import { Entity } from "./enums";

export const Indicator = z.object({ risky: z.boolean(), value: z.number() });
export type Indicator = z.infer<typeof Indicator>;

export const DossierAddress = z.object({
  type: z.string(),
  street: z.string(),
  number: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postalCode: z.string(),
  preferencial: z.boolean(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type DossierAddress = z.infer<typeof DossierAddress>;

export const DossierPhone = z.object({
  type: z.string(),
  number: z.string(),
  area: z.string(),
  country: z.string(),
  preferencial: z.boolean(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type DossierPhone = z.infer<typeof DossierPhone>;

export const DossierEmail = z.object({ value: z.string(), preferencial: z.boolean() });
export type DossierEmail = z.infer<typeof DossierEmail>;

export const DossierContacts = z.object({
  addresses: z.array(DossierAddress),
  emails: z.array(DossierEmail),
  phones: z.array(DossierPhone),
});
export type DossierContacts = z.infer<typeof DossierContacts>;

/** A sanction in force on a federal list (CEIS, CNEP) behind `blacklisted.service`. */
export const ServiceListing = z.object({
  list: z.string().describe("CEIS or CNEP"),
  sanction: z.string(),
  agency: z.string(),
  agencyState: z.string().nullable(),
  startedAt: z.string().nullable().describe("YYYY-MM-DD"),
  endsAt: z.string().nullable().describe("YYYY-MM-DD; null: no end date"),
  process: z.string().nullable(),
  legalBasis: z.string().nullable(),
});
export type ServiceListing = z.infer<typeof ServiceListing>;

export const Blacklisted = z.object({
  client: z.boolean(),
  service: z.boolean(),
  clientType: z.string(),
  serviceType: z.string(),
  serviceListings: z
    .array(ServiceListing)
    .optional()
    .describe("Beyond the spec: the federal sanctions behind `service`, when the service's list has them (docs/sandbox.md)"),
});
export type Blacklisted = z.infer<typeof Blacklisted>;

/** spec 2.3 `person.profile` */
export const PersonProfile = z.object({
  name: z.string(),
  nationalId: z.string(),
  fiscalStatus: z.string(),
  gender: z.string().describe("F or M"),
  motherName: z.string(),
  age: z.number().int(),
  birthDate: z.string().describe("YYYY-MM-DD"),
  obitFlag: z.boolean(),
  isMotherNameCorrectly: z.boolean(),
  blacklisted: Blacklisted,
  contacts: DossierContacts,
  indicators: z
    .object({
      blacklisted: Indicator,
      blacklistedCompanies: Indicator,
      blacklistedRelated: Indicator,
      irregularStatus: Indicator,
      deathRecord: Indicator,
    })
    .catchall(Indicator),
});
export type PersonProfile = z.infer<typeof PersonProfile>;

export const Coded = z.object({ code: z.string(), description: z.string() });
export type Coded = z.infer<typeof Coded>;

export const BusinessPartner = z.object({
  name: z.string(),
  nationalId: z.string().describe("Full document (2.0) or the Receita's masked CPF ***456789** (1.0)"),
  entity: Entity,
  qualification: Coded,
  since: z.string(),
  sharePercent: z.number().nullable(),
});
export type BusinessPartner = z.infer<typeof BusinessPartner>;

/** Our `business.profile` (not shown in the spec; it mirrors person.profile where it can). */
export const BusinessProfile = z.object({
  name: z.string(),
  tradeName: z.string(),
  nationalId: z.string(),
  headOffice: z.boolean(),
  registrationStatus: z.string(),
  registrationStatusDate: z.string(),
  registrationStatusReason: z.string(),
  openingDate: z.string(),
  legalNature: Coded,
  mainActivity: Coded,
  secondaryActivities: z.array(Coded),
  size: z.string(),
  shareCapital: z.number(),
  partners: z.array(BusinessPartner),
  blacklisted: Blacklisted,
  contacts: DossierContacts,
  indicators: z
    .object({
      blacklisted: Indicator,
      inactiveStatus: Indicator,
      recentlyOpened: Indicator,
      deceasedPartner: Indicator,
    })
    .catchall(Indicator),
});
export type BusinessProfile = z.infer<typeof BusinessProfile>;

export const AssistanceProgram = z.object({
  name: z.string(),
  city: z.string(),
  state: z.string(),
  active: z.boolean(),
  amount: z.number(),
  totalAmount: z.number(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});

/** spec 2.3 `person.finance` */
export const PersonFinance = z.object({
  salary: z.number().int(),
  income: z.string(),
  totalAssets: z.string(),
  taxReturns: z.array(z.object({ year: z.string(), status: z.string(), bank: z.string(), updatedAt: z.string() })),
  collections: z.object({ total: z.number().int(), totalOrigins: z.number().int(), updatedAt: z.string() }),
  assistancePrograms: z.object({ programs: z.array(AssistanceProgram), total: z.number().int(), totalActive: z.number().int() }),
  indicators: z.object({
    monthlyIncome: Indicator,
    assistancePrograms: Indicator,
    ltyTaxDeclarations: Indicator,
    collections: Indicator,
  }),
  restrictions: z.object({
    registerLogs: z.string(),
    segment: z.string(),
    reportedBy: z.string(),
    status: z.string(),
    city: z.string(),
    amount: z.string(),
    type: z.string(),
    isNegative: z.boolean(),
    hasData: z.boolean(),
    reportedAt: z.string().nullable(),
    totalAmount: z.number(),
    consultationLogs: z.object({ "60": z.number().int(), "90": z.number().int(), "+90": z.number().int(), "+30": z.number().int() }),
  }),
});
export type PersonFinance = z.infer<typeof PersonFinance>;

/**
 * A dataset block as its dataset version publishes it (lawsuits, related, financeAdvanced, ...):
 * the dossier passes it through, so its fields are the dataset's (docs/sandbox.md).
 */
export const DatasetBlock = z.record(z.string(), z.unknown());

/** The `person` section: one block per module that ran; `profile` is null when the dataset had no record. */
export const PersonDossier = z
  .object({
    profile: PersonProfile.nullable().optional(),
    finance: PersonFinance.optional(),
  })
  .catchall(z.unknown());
export type PersonDossier = z.infer<typeof PersonDossier>;

/** The `business` section: one block per module that ran. */
export const BusinessDossier = z
  .object({
    profile: BusinessProfile.nullable().optional(),
  })
  .catchall(z.unknown());
export type BusinessDossier = z.infer<typeof BusinessDossier>;
