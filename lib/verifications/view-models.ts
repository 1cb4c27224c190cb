import type { DocumentKind, DocumentView } from "./document-view";
import type { DossierView } from "./to-dossier";

// What the BFF sends to the browser: small, safe view models built on the server from the API's
// records (to-summary.ts, to-detail.ts). Every dossier field is optional in the source, so every
// field here is nullable or a (possibly empty) list.

export type { DocumentKind, DocumentView } from "./document-view";

export interface VerificationSummary {
  id: string;
  name: string | null;
  /** Masked and formatted; the list never carries a full document. */
  document: string;
  documentKind: DocumentKind | null;
  status: string;
  score: number | null;
  /** Latest decision; null when none yet. */
  decision: "APPROVED" | "REPROVED" | "STANDBY" | "WAIVED" | null;
  createdAt: string | null;
  updatedAt: string | null;
  /** The team review fields (review API); absent when the list came from the v2 list. */
  review?: CaseReviewView;
}

/** A queue case's team fields, as the list shows them. */
export interface CaseReviewView {
  /** The owner's e-mail ("Você" is shown for the caller's own). */
  assignee: { id: string; email: string | null } | null;
  mine: boolean;
  slaDueAt: string | null;
  slaState: "ok" | "due_soon" | "breached" | "met" | null;
  flags: string[];
  awaitingSecondReview: boolean;
}

export interface VerificationPage {
  items: VerificationSummary[];
  /** true: rows carry team fields (read from the review API's queue list). */
  team?: boolean;
  page: number;
  limit: number;
  total: number;
}

export interface IndicatorView {
  key: string;
  label: string;
  risky: boolean | null;
  value: number | null;
}

export interface AddressView {
  type: string | null;
  line: string;
  cityLine: string;
  postalCode: string | null;
  preferred: boolean;
}

export interface PhoneView {
  type: string | null;
  number: string;
  preferred: boolean;
}

export interface EmailView {
  value: string;
  preferred: boolean;
}

export interface ContactsView {
  addresses: AddressView[];
  phones: PhoneView[];
  emails: EmailView[];
}

export interface PersonProfileView {
  name: string | null;
  fiscalStatus: string | null;
  gender: string | null;
  motherName: string | null;
  motherNameMatches: boolean | null;
  birthDate: string | null;
  age: number | null;
  obitFlag: boolean | null;
  blacklisted: BlacklistedView | null;
  indicators: IndicatorView[];
  contacts: ContactsView;
}

export interface CodeDescription {
  code: string | null;
  description: string | null;
}

export interface PartnerView {
  name: string | null;
  document: string | null;
  qualification: string | null;
  /** Share of the capital, 0–100. */
  sharePercent: number | null;
  since: string | null;
  /** What only some sources say of a partner (the Receita: age band, identification, legal representative), labelled. */
  details?: Array<{ label: string; value: string }>;
}

/** A federal sanction (CEIS, CNEP) behind the service's restrictive list. */
export interface ServiceListingView {
  list: string;
  sanction: string | null;
  agency: string | null;
  startedAt: string | null;
  endsAt: string | null;
}

export interface BlacklistedView {
  client: boolean | null;
  service: boolean | null;
  clientType: string | null;
  serviceType: string | null;
  serviceListings: ServiceListingView[];
}

export interface CompanyProfileView {
  name: string | null;
  tradeName: string | null;
  document: string | null;
  registrationStatus: string | null;
  size: string | null;
  openingDate: string | null;
  legalNature: CodeDescription | null;
  mainActivity: CodeDescription | null;
  shareCapital: number | null;
  partners: PartnerView[];
  blacklisted: BlacklistedView | null;
  indicators: IndicatorView[];
  contacts: ContactsView;
}

export interface ResultView {
  score: number | null;
  scoreFactor: number | null;
  rules: string[];
  distribution: Array<{ module: string; percent: number }>;
  durationMs: number | null;
  startedAt: string | null;
  endedAt: string | null;
  relatedCount: number | null;
  /** Modules reused from the workspace's dataset cache, with when the source gave the answer. */
  cachedModules: Array<{ module: string; fetchedAt: string }>;
}

/** How a CNH field compares with the registry: `missing` when not read or not in the registry. */
export type CnhComparison = "equal" | "different" | "missing";

/** person.cnh: the fields read from the CNH image (dates ISO, CPF masked). */
export interface CnhView {
  name: string | null;
  cpf: string | null;
  registrationNumber: string | null;
  category: string | null;
  expiryDate: string | null;
  birthDate: string | null;
  expired: boolean | null;
  comparison: { name: CnhComparison | null; cpf: CnhComparison | null; birthDate: CnhComparison | null };
  /** 0–100 as tesseract reports it. */
  ocrConfidence: number | null;
}

/** person.faceRecognition: the face match. */
export interface FaceMatchView {
  faceDetected: boolean | null;
  facesDetected: number | null;
  /** 0–1. */
  similarity: number | null;
  match: boolean | null;
  threshold: number | null;
  comparedWith: "cnh" | "biometrics" | null;
}

/** What the record echoes of an image sent (the image itself is not kept). */
export interface ImageMetaView {
  imageURL: string | null;
  filename: string | null;
  contentType: string | null;
  size: number | null;
}

export interface VisionView {
  cnh: CnhView | null;
  face: FaceMatchView | null;
  images: { cnh: ImageMetaView | null; faceRecognition: ImageMetaView | null };
}

export interface VerificationDetail {
  id: string;
  status: string;
  name: string | null;
  document: DocumentView | null;
  entity: "person" | "company" | null;
  flow: "engine" | "legacy";
  profileId: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  failureReason: string | null;
  result: ResultView | null;
  person: PersonProfileView | null;
  company: CompanyProfileView | null;
  /** Finance, restrictions, lawsuits and related parties (lib/verifications/to-dossier.ts). */
  dossier: DossierView;
  /** CNH reading, face match and the images' metadata ("Documentos e biometria"); null when none was asked for. */
  vision: VisionView | null;
  decision: "APPROVED" | "REPROVED" | "STANDBY" | "WAIVED" | null;
}
