// The CNH's and the face match's words (lib/contract/vision-labels.ts), shared by the console's
// "Documentos e biometria" and the PDF report (issue 29).
import { describe, expect, it } from "vitest";
import {
  cnhComparisonLabel,
  decimalLabel,
  faceComparedWithLabel,
  faceResultLabel,
  facesDetectedLabel,
} from "../../lib/contract/vision-labels";

describe("vision labels", () => {
  it("says how a CNH field compares with the registry, and why it was not compared", () => {
    expect(cnhComparisonLabel("equal", "A", "A")).toBe("Confere");
    expect(cnhComparisonLabel("different", "A", "B")).toBe("Diverge do cadastro");
    expect(cnhComparisonLabel("missing", null, "B")).toBe("não lido");
    expect(cnhComparisonLabel("missing", "A", null)).toBe("sem dado no cadastro");
    expect(cnhComparisonLabel("missing", "A", "B")).toBe("não comparado");
  });

  it("gives the face match's result; a face compared with no reference has none, not a mismatch", () => {
    expect(faceResultLabel({ faceDetected: false, match: false, similarity: null })).toBe("Nenhum rosto detectado");
    expect(faceResultLabel({ faceDetected: true, match: true, similarity: 0.7 })).toBe("Compatível");
    expect(faceResultLabel({ faceDetected: true, match: false, similarity: 0.3 })).toBe("Incompatível");
    // server/vision/steps.ts writes match: false when no reference was found (similarity null)
    expect(faceResultLabel({ faceDetected: true, match: false, similarity: null })).toBe("Sem referência para comparar");
  });

  it("says what the face was compared with, in pt-BR numbers and plurals", () => {
    expect(faceComparedWithLabel({ faceDetected: true, comparedWith: "cnh" })).toBe(
      "Comparado com: o rosto da foto da CNH enviada na mesma verificação.",
    );
    expect(faceComparedWithLabel({ faceDetected: true, comparedWith: "biometrics" })).toBe(
      "Comparado com: a foto de referência da base biométrica.",
    );
    expect(faceComparedWithLabel({ faceDetected: true, comparedWith: null })).toBe(
      "Comparado com: nenhuma referência encontrada (nem na CNH, nem na base biométrica).",
    );
    expect(faceComparedWithLabel({ faceDetected: false, comparedWith: null })).toBe("Sem rosto na foto enviada: nada foi comparado.");
    expect(facesDetectedLabel(1)).toBe("1 rosto detectado na foto");
    expect(facesDetectedLabel(2)).toBe("2 rostos detectados na foto");
    expect(decimalLabel(0.6123, 3)).toBe("0,612");
    expect(decimalLabel(0.55, 2)).toBe("0,55");
  });
});
