// Which builder answers each dataset (entity, module, version). The versions offered are
// exactly those of DATASET_VERSIONS; a unit test checks the two agree.

import type { Entity, ModuleData, ModuleName } from "../types";
import { buildCompanyFinance } from "./finance/company-finance";
import { buildFinanceAdvanced } from "./finance/finance-advanced";
import { buildPersonFinance } from "./finance/person-formats";
import { buildLawsuits } from "./lawsuits/formats";
import { buildOwnersLawsuits } from "./lawsuits/owners";
import { buildCompanyProfile } from "./profile/company-profile";
import { buildPersonProfile } from "./profile/person-profile";
import { buildRelated } from "./related/formats";
import { buildBiometrics } from "./biometrics";

type Builder = (version: string, document: string) => ModuleData;

export const SANDBOX_DATASETS: Record<Entity, Partial<Record<ModuleName, { versions: readonly string[]; build: Builder }>>> = {
  person: {
    profile: { versions: ["1.0", "2.0"], build: buildPersonProfile },
    finance: { versions: ["1.0", "1.1"], build: buildPersonFinance },
    financeAdvanced: { versions: ["2.0"], build: (version, document) => buildFinanceAdvanced("person", version, document) },
    lawsuits: { versions: ["1.0", "2.0", "3.0"], build: (version, document) => buildLawsuits("person", version, document) },
    related: { versions: ["1.0", "1.1", "2.0"], build: (version, document) => buildRelated("person", version, document) },
    biometrics: { versions: ["1.0"], build: buildBiometrics },
  },
  company: {
    profile: { versions: ["1.0", "2.0"], build: buildCompanyProfile },
    finance: { versions: ["1.0"], build: buildCompanyFinance },
    financeAdvanced: { versions: ["2.0"], build: (version, document) => buildFinanceAdvanced("company", version, document) },
    lawsuits: { versions: ["1.0", "2.0", "3.0"], build: (version, document) => buildLawsuits("company", version, document) },
    ownersLawsuits: { versions: ["1.0"], build: buildOwnersLawsuits },
    related: { versions: ["1.0", "2.0"], build: (version, document) => buildRelated("company", version, document) },
  },
};

/** The module data for a dataset, or null when the sandbox does not publish that dataset. */
export function buildModuleData(entity: Entity, module: ModuleName, version: string, document: string): ModuleData | null {
  const dataset = SANDBOX_DATASETS[entity][module];
  if (!dataset || !dataset.versions.includes(version)) return null;
  return dataset.build(version, document);
}
