import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Section } from "@/components/ui/section";
import { formatDate } from "@/lib/contract/format/date";
import { isTerminalStatus } from "@/lib/verifications/status";
import type { CnhComparison, FaceMatchView, ImageMetaView, VerificationDetail, VisionView } from "@/lib/verifications/view-models";
import { cn } from "@/lib/utils/cn";

// "Documentos e biometria": the CNH as read (each field beside the registry's), the face match
// (similarity against the threshold) and the images' metadata. The images themselves are not
// kept by the service once the verification ends, so none is shown.

const decimal = (value: number, digits: number) =>
  value.toLocaleString("pt-BR", { minimumFractionDigits: digits, maximumFractionDigits: digits });

function Mark({ comparison, read, registry }: { comparison: CnhComparison | null; read: string | null; registry: string | null }) {
  if (comparison === "equal")
    return (
      <Badge tone="success" data-testid="cnh-mark" data-comparison="equal">
        Confere
      </Badge>
    );
  if (comparison === "different")
    return (
      <Badge tone="danger" data-testid="cnh-mark" data-comparison="different">
        Diverge do cadastro
      </Badge>
    );
  if (comparison === "missing")
    return (
      <Badge tone="neutral" data-testid="cnh-mark" data-comparison="missing">
        {read === null ? "não lido" : registry === null ? "sem dado no cadastro" : "não comparado"}
      </Badge>
    );
  return <span className="text-xs text-zinc-500">—</span>;
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
    { key: "name", label: "Nome", read: cnh.name, registry: detail.person?.name ?? null, comparison: cnh.comparison.name },
    { key: "cpf", label: "CPF", read: cnh.cpf, registry: detail.document?.masked ?? null, comparison: cnh.comparison.cpf },
    {
      key: "birthDate",
      label: "Data de nascimento",
      read: cnh.birthDate ? formatDate(cnh.birthDate) : null,
      registry: detail.person?.birthDate ? formatDate(detail.person.birthDate) : null,
      comparison: cnh.comparison.birthDate,
    },
  ];
  return (
    <div className="space-y-4">
      <table data-testid="cnh-comparison" className="w-full table-fixed text-sm">
        <caption className="sr-only">Campos lidos na CNH comparados com o cadastro</caption>
        <thead>
          <tr className="border-b border-zinc-100 text-left text-xs text-zinc-500">
            <th scope="col" className="w-[26%] py-1.5 pr-2 font-medium">
              Campo
            </th>
            <th scope="col" className="py-1.5 pr-2 font-medium">
              Lido na CNH
            </th>
            <th scope="col" className="py-1.5 pr-2 font-medium">
              Cadastro
            </th>
            <th scope="col" className="w-[28%] py-1.5 font-medium">
              Comparação
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.key}
              data-testid="cnh-row"
              data-field={row.key}
              className={cn("border-b border-zinc-50 align-top", row.comparison === "different" && "bg-rose-50/60")}
            >
              <th scope="row" className="py-2 pr-2 text-left text-xs font-medium text-zinc-600">
                {row.label}
              </th>
              <td data-testid="cnh-read" className={cn("py-2 pr-2 break-words", row.comparison === "different" && "text-rose-800")}>
                {row.read ?? <span className="text-zinc-500 italic">não lido</span>}
              </td>
              <td data-testid="cnh-registry" className="py-2 pr-2 break-words text-zinc-800">
                {row.registry ?? <span className="text-zinc-500">—</span>}
              </td>
              <td className="py-2">
                <Mark comparison={row.comparison} read={row.read} registry={row.registry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
        <Fact label="Nº de registro" testId="cnh-registration">
          {cnh.registrationNumber}
        </Fact>
        <Fact label="Categoria" testId="cnh-category">
          {cnh.category}
        </Fact>
        <Fact label="Validade" testId="cnh-expiry">
          {cnh.expiryDate ? (
            <>
              <span className="tabular">{formatDate(cnh.expiryDate)}</span>
              {cnh.expired ? (
                <Badge tone="danger" className="ml-1.5">
                  Vencida
                </Badge>
              ) : cnh.expired === false ? (
                <span className="ml-1.5 text-xs text-zinc-500">(válida)</span>
              ) : null}
            </>
          ) : null}
        </Fact>
        <Fact label="Confiança da leitura" testId="cnh-confidence">
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
        {children ?? <span className="text-zinc-500 italic">não lido</span>}
      </dd>
    </div>
  );
}

const COMPARED_WITH: Record<NonNullable<FaceMatchView["comparedWith"]>, string> = {
  cnh: "o rosto da foto da CNH enviada na mesma verificação",
  biometrics: "a foto de referência da base biométrica",
};

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
        {face.faceDetected === false ? (
          <Badge tone="danger" data-testid="face-result" data-match="none">
            Nenhum rosto detectado
          </Badge>
        ) : face.match === true ? (
          <Badge tone="success" data-testid="face-result" data-match="true">
            Compatível
          </Badge>
        ) : face.match === false ? (
          <Badge tone="danger" data-testid="face-result" data-match="false">
            Incompatível
          </Badge>
        ) : (
          <Badge tone="neutral" data-testid="face-result" data-match="unknown">
            Sem referência para comparar
          </Badge>
        )}
        {face.facesDetected !== null ? (
          <span data-testid="face-count" className="text-xs text-zinc-600">
            {face.facesDetected === 1 ? "1 rosto detectado na foto" : `${face.facesDetected} rostos detectados na foto`}
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
        Comparado com:{" "}
        {face.comparedWith ? COMPARED_WITH[face.comparedWith] : "nenhuma referência encontrada (nem na CNH, nem na base biométrica)"}.
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
