import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Section } from "@/components/ui/section";
import { formatDate } from "@/lib/contract/format/date";
import {
  CNH_LABELS,
  cnhComparisonLabel,
  decimalLabel as decimal,
  faceComparedWithLabel,
  faceResultLabel,
  facesDetectedLabel,
} from "@/lib/contract/vision-labels";
import { isTerminalStatus } from "@/lib/verifications/status";
import type { CnhComparison, FaceMatchView, ImageMetaView, VerificationDetail, VisionView } from "@/lib/verifications/view-models";
import { cn } from "@/lib/utils/cn";

// "Documentos e biometria": the CNH as read (each field beside the registry's), the face match
// (similarity against the threshold) and the images' metadata. The images themselves are not
// kept by the service once the verification ends, so none is shown. Its words are the PDF
// report's too (lib/contract/vision-labels.ts).

const MARK_TONES: Record<CnhComparison, string> = {
  equal: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  different: "bg-rose-50 text-rose-800 ring-rose-600/20",
  missing: "bg-zinc-100 text-zinc-700 ring-zinc-500/20",
};

/** The comparison in words (colour only repeats it); wraps inside its column at phone widths. */
function Mark({ comparison, read, registry }: { comparison: CnhComparison | null; read: string | null; registry: string | null }) {
  if (!comparison) return <span className="text-xs text-zinc-500">—</span>;
  const text = cnhComparisonLabel(comparison, read, registry);
  return (
    <span
      data-testid="cnh-mark"
      data-comparison={comparison}
      className={cn("inline-block rounded-md px-2 py-0.5 text-xs font-medium break-words ring-1 ring-inset", MARK_TONES[comparison])}
    >
      {text}
    </span>
  );
}

function CnhBlock({ vision, detail }: { vision: VisionView; detail: VerificationDetail }) {
  const cnh = vision.cnh;
  const running = !isTerminalStatus(detail.status);
  if (!cnh)
    return (
      <p data-testid="cnh-pending" className="text-sm text-zinc-600">
        {running ? "A CNH enviada ainda está sendo lida." : "A CNH enviada não foi lida."}
      </p>
    );
  const rows: Array<{ key: string; label: string; read: string | null; registry: string | null; comparison: CnhComparison | null }> = [
    { key: "name", label: CNH_LABELS.name, read: cnh.name, registry: detail.person?.name ?? null, comparison: cnh.comparison.name },
    { key: "cpf", label: CNH_LABELS.cpf, read: cnh.cpf, registry: detail.document?.masked ?? null, comparison: cnh.comparison.cpf },
    {
      key: "birthDate",
      label: CNH_LABELS.birthDate,
      read: cnh.birthDate ? formatDate(cnh.birthDate) : null,
      registry: detail.person?.birthDate ? formatDate(detail.person.birthDate) : null,
      comparison: cnh.comparison.birthDate,
    },
  ];
  return (
    <div className="space-y-4">
      {/* A list rather than a table, so each field can take two lines at phone widths:
          field and mark, then the CNH's value beside the registry's (each with its label). */}
      <div>
        <div
          aria-hidden="true"
          className="hidden border-b border-zinc-100 px-1 pb-1.5 text-xs font-medium text-zinc-500 sm:grid sm:grid-cols-[8rem_1fr_1fr_10rem] sm:gap-x-3"
        >
          <span>{CNH_LABELS.field}</span>
          <span>{CNH_LABELS.read}</span>
          <span>{CNH_LABELS.registry}</span>
          <span>{CNH_LABELS.comparison}</span>
        </div>
        <ul data-testid="cnh-comparison" aria-label="Campos lidos na CNH comparados com o cadastro">
          {rows.map((row) => (
            <li
              key={row.key}
              data-testid="cnh-row"
              data-field={row.key}
              className={cn(
                "grid grid-cols-2 gap-x-3 gap-y-1 border-b border-zinc-50 px-1 py-2 text-sm sm:grid-cols-[8rem_1fr_1fr_10rem]",
                row.comparison === "different" && "bg-rose-50/60",
              )}
            >
              <span className="text-xs font-medium text-zinc-600 sm:pt-0.5">{row.label}</span>
              <span className="justify-self-end sm:order-last sm:justify-self-start">
                <Mark comparison={row.comparison} read={row.read} registry={row.registry} />
              </span>
              <span className={cn("min-w-0 break-words", row.comparison === "different" && "text-rose-800")}>
                <span className="block text-[11px] text-zinc-500 sm:sr-only">{CNH_LABELS.read}</span>
                <span data-testid="cnh-read">{row.read ?? <span className="text-zinc-500 italic">{CNH_LABELS.notRead}</span>}</span>
              </span>
              <span className="min-w-0 break-words text-zinc-800">
                <span className="block text-[11px] text-zinc-500 sm:sr-only">{CNH_LABELS.registry}</span>
                <span data-testid="cnh-registry">{row.registry ?? <span className="text-zinc-500">—</span>}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
        <Fact label={CNH_LABELS.registrationNumber} testId="cnh-registration">
          {cnh.registrationNumber}
        </Fact>
        <Fact label={CNH_LABELS.category} testId="cnh-category">
          {cnh.category}
        </Fact>
        <Fact label={CNH_LABELS.expiryDate} testId="cnh-expiry">
          {cnh.expiryDate ? (
            <>
              <span className="tabular">{formatDate(cnh.expiryDate)}</span>
              {cnh.expired ? (
                <Badge tone="danger" className="ml-1.5">
                  {CNH_LABELS.expired}
                </Badge>
              ) : cnh.expired === false ? (
                <span className="ml-1.5 text-xs text-zinc-500">({CNH_LABELS.valid})</span>
              ) : null}
            </>
          ) : null}
        </Fact>
        <Fact label={CNH_LABELS.ocrConfidence} testId="cnh-confidence">
          {cnh.ocrConfidence !== null ? `${decimal(cnh.ocrConfidence, 0)}%` : null}
        </Fact>
      </dl>
    </div>
  );
}

function Fact({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-zinc-500">{label}</dt>
      <dd data-testid={testId} className="mt-0.5 text-sm break-words text-zinc-900">
        {children ?? <span className="text-zinc-500 italic">{CNH_LABELS.notRead}</span>}
      </dd>
    </div>
  );
}

function FaceBlock({ face, running }: { face: FaceMatchView | null; running: boolean }) {
  if (!face)
    return (
      <p data-testid="face-pending" className="text-sm text-zinc-600">
        {running ? "A foto enviada ainda está sendo comparada." : "A comparação facial não foi feita."}
      </p>
    );
  const { similarity, threshold } = face;
  const measured = similarity !== null && threshold !== null;
  const numbers = measured ? `similaridade ${decimal(similarity, 3)}, limite ${decimal(threshold, 2)}` : "";
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        {/* a face compared with nothing (no reference: no similarity) has no result, not a mismatch */}
        {face.faceDetected === false ? (
          <Badge tone="danger" data-testid="face-result" data-match="none">
            {faceResultLabel(face)}
          </Badge>
        ) : face.similarity !== null && face.match === true ? (
          <Badge tone="success" data-testid="face-result" data-match="true">
            {faceResultLabel(face)}
          </Badge>
        ) : face.similarity !== null && face.match === false ? (
          <Badge tone="danger" data-testid="face-result" data-match="false">
            {faceResultLabel(face)}
          </Badge>
        ) : (
          <Badge tone="neutral" data-testid="face-result" data-match="unknown">
            {faceResultLabel(face)}
          </Badge>
        )}
        {face.facesDetected !== null ? (
          <span data-testid="face-count" className="text-xs text-zinc-600">
            {facesDetectedLabel(face.facesDetected)}
          </span>
        ) : null}
      </div>
      {measured ? (
        <div>
          <p data-testid="face-similarity" className="text-sm text-zinc-800">
            Similaridade <span className="tabular font-semibold">{decimal(similarity, 3)}</span> · limite para compatível{" "}
            <span className="tabular font-semibold">{decimal(threshold, 2)}</span>
          </p>
          <div
            data-testid="face-meter"
            role="img"
            aria-label={`Similaridade facial: ${numbers} (de 0 a 1)`}
            className="relative mt-1.5 h-2 max-w-sm rounded-full bg-zinc-100"
          >
            <div
              className={cn("h-2 rounded-full", face.match ? "bg-emerald-500" : "bg-rose-500")}
              style={{ width: `${Math.max(0, Math.min(1, similarity)) * 100}%` }}
            />
            <div
              aria-hidden="true"
              className="absolute -top-1 h-4 w-0.5 rounded bg-zinc-900"
              style={{ left: `calc(${Math.max(0, Math.min(1, threshold)) * 100}% - 1px)` }}
            />
          </div>
        </div>
      ) : null}
      <p data-testid="face-compared-with" className="text-sm text-zinc-700">
        {faceComparedWithLabel(face)}
      </p>
    </div>
  );
}

function size(bytes: number | null): string | null {
  if (bytes === null) return null;
  return bytes < 1024 ? `${bytes} bytes` : `${decimal(bytes / 1024, 1)} KB`;
}

function ImageLine({ label, image, testId }: { label: string; image: ImageMetaView; testId: string }) {
  const parts = [image.contentType, size(image.size), image.filename ? `arquivo ${image.filename}` : null].filter(Boolean);
  return (
    <li data-testid={testId} className="text-sm break-words text-zinc-800">
      <span className="font-medium">{label}:</span> {parts.join(" · ") || "sem metadados"}
      {image.imageURL ? <span className="block text-xs break-all text-zinc-600">Enviada por URL: {image.imageURL}</span> : null}
    </li>
  );
}

export function DocumentsBiometricsSection({ detail }: { detail: VerificationDetail }) {
  const vision = detail.vision;
  if (!vision) return null;
  const running = !isTerminalStatus(detail.status);
  const { cnh, faceRecognition } = vision.images;
  return (
    <Section
      title="Documentos e biometria"
      description="Leitura da CNH e comparação facial feitas pelo serviço"
      testId="documents-biometrics-section"
      anchor="documentos"
    >
      <div className="space-y-6">
        {cnh || vision.cnh ? (
          <div data-testid="cnh-block">
            <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase">CNH</h3>
            <CnhBlock vision={vision} detail={detail} />
          </div>
        ) : null}
        {faceRecognition || vision.face ? (
          <div data-testid="face-block">
            <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase">Reconhecimento facial</h3>
            <FaceBlock face={vision.face} running={running} />
          </div>
        ) : null}
        {cnh || faceRecognition ? (
          <div data-testid="images-block">
            <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase">Imagens enviadas</h3>
            <ul className="space-y-1.5">
              {cnh ? <ImageLine label="CNH" image={cnh} testId="image-cnh" /> : null}
              {faceRecognition ? <ImageLine label="Foto para comparação facial" image={faceRecognition} testId="image-face" /> : null}
            </ul>
            <p data-testid="images-not-kept" className="mt-2 text-xs text-zinc-600">
              {running
                ? "As imagens ficam guardadas só enquanto a verificação roda e são apagadas quando ela termina; o console não as exibe."
                : "As imagens não são guardadas: o serviço as apagou quando a verificação terminou. Restam só os metadados acima."}
            </p>
          </div>
        ) : null}
      </div>
    </Section>
  );
}
