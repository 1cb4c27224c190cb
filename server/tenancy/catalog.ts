// The global profiles offered to every workspace, and the billing actions they use. Upserted at
// every start, so a new release brings its profiles to existing databases.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { profiles, type ProfileModuleConfig, type ScoringRule } from "../db/schema";
import { BIOMETRICS_MODULE, VISION_RULES } from "../vision/rules";

export const ACTIONS = {
  enrichmentPerson: "enrichment.person",
  enrichmentCompany: "enrichment.company",
  enrichmentPersonRegistry: "enrichment.person.registry",
  financeAdvanced: "addon.financeAdvanced",
  verificationPerson: "verification.person",
  verificationCompany: "verification.company",
} as const;
export const ALL_ACTIONS: string[] = Object.values(ACTIONS);

const addon = (dataset: string): ProfileModuleConfig => ({ dataset, addon: true, billingAction: ACTIONS.financeAdvanced, enabled: false });

const personRules: ScoringRule[] = [
  { module: "profile", rule: "deceased_holder", weight: 1000 },
  { module: "profile", rule: "irregular_fiscal_status", weight: 300 },
  { module: "profile", rule: "listed_on_service_restrictive_list", weight: 400 },
  { module: "profile", rule: "listed_on_workspace_restrictive_list", weight: 500 },
  { module: "profile", rule: "related_on_workspace_restrictive_list", weight: 100 },
  { module: "lawsuits", rule: "has_criminal_lawsuit", weight: 250 },
  { module: "lawsuits", rule: "has_active_lawsuits_as_defendant", weight: 120 },
  { module: "finance", rule: "income_below_minimum_wage", weight: 40 },
  { module: "financeAdvanced", rule: "has_protests", weight: 150 },
];
const companyRules: ScoringRule[] = [
  { module: "profile", rule: "company_inactive", weight: 600 },
  { module: "profile", rule: "listed_on_workspace_restrictive_list", weight: 500 },
  { module: "profile", rule: "related_on_workspace_restrictive_list", weight: 100 },
  { module: "lawsuits", rule: "has_active_lawsuits_as_defendant", weight: 120 },
  { module: "ownersLawsuits", rule: "has_criminal_lawsuit", weight: 200 },
  { module: "financeAdvanced", rule: "has_protests", weight: 150 },
];

export type CatalogProfile = typeof profiles.$inferInsert;

export const GLOBAL_PROFILES: CatalogProfile[] = [
  {
    id: "prf_person_complete",
    name: "Pessoa física – completo",
    kind: "enrichment",
    entity: "person",
    billingAction: ACTIONS.enrichmentPerson,
    modules: {
      profile: { dataset: "person-profile-2.0" },
      finance: { dataset: "person-finance-1.1" },
      lawsuits: { dataset: "person-lawsuits-3.0" },
      related: { dataset: "person-related-2.0" },
      financeAdvanced: addon("person-financeAdvanced-2.0"),
    },
  },
  {
    id: "prf_person_registry",
    name: "Pessoa física – cadastral",
    kind: "enrichment",
    entity: "person",
    billingAction: ACTIONS.enrichmentPersonRegistry,
    modules: { profile: { dataset: "person-profile-1.0" } },
  },
  {
    id: "prf_company_complete",
    name: "Pessoa jurídica – completo",
    kind: "enrichment",
    entity: "company",
    billingAction: ACTIONS.enrichmentCompany,
    modules: {
      profile: { dataset: "company-profile-2.0" },
      finance: { dataset: "company-finance-1.0" },
      lawsuits: { dataset: "company-lawsuits-3.0" },
      ownersLawsuits: { dataset: "company-ownersLawsuits-1.0" },
      related: { dataset: "company-related-2.0" },
      financeAdvanced: addon("company-financeAdvanced-2.0"),
    },
  },
  {
    // The company's registry facts: with LUPA_PROVIDERS=company-profile:receita,company-related:receita,
    // the Receita's CNPJ open data and its QSA (docs/sandbox.md, "Registry datasets"); billed as a
    // company enrichment.
    id: "prf_company_registry",
    name: "Pessoa jurídica – cadastral",
    kind: "enrichment",
    entity: "company",
    billingAction: ACTIONS.enrichmentCompany,
    modules: {
      profile: { dataset: "company-profile-2.0" },
      related: { dataset: "company-related-2.0" },
    },
  },
  {
    id: "prf_kyc_person",
    name: "KYC pessoa física",
    kind: "verification",
    entity: "person",
    billingAction: ACTIONS.verificationPerson,
    rules: [...personRules, ...VISION_RULES],
    modules: {
      profile: { dataset: "person-profile-2.0", aiSummary: true },
      finance: { dataset: "person-finance-1.1" },
      lawsuits: { dataset: "person-lawsuits-3.0", aiSummary: true },
      related: { dataset: "person-related-2.0" },
      financeAdvanced: addon("person-financeAdvanced-2.0"),
      biometrics: BIOMETRICS_MODULE,
    },
  },
  {
    id: "prf_kyb_company",
    name: "KYB pessoa jurídica",
    kind: "verification",
    entity: "company",
    billingAction: ACTIONS.verificationCompany,
    rules: companyRules,
    modules: {
      profile: { dataset: "company-profile-2.0", aiSummary: true },
      finance: { dataset: "company-finance-1.0" },
      lawsuits: { dataset: "company-lawsuits-3.0" },
      ownersLawsuits: { dataset: "company-ownersLawsuits-1.0" },
      related: { dataset: "company-related-2.0" },
      financeAdvanced: addon("company-financeAdvanced-2.0"),
    },
  },
];

export async function upsertGlobalProfiles(db: Db): Promise<void> {
  for (const p of GLOBAL_PROFILES) {
    await db
      .insert(profiles)
      .values({ ...p, workspaceId: null })
      .onConflictDoUpdate({
        target: profiles.id,
        set: {
          name: p.name,
          kind: p.kind,
          entity: p.entity,
          modules: p.modules,
          billingAction: p.billingAction,
          rules: p.rules ?? sql`'[]'::jsonb`,
          active: true,
        },
      });
  }
}
