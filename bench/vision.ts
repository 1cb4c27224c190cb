// Vision: model load time, CNH reading time per image, face match time per pair, memory.
// The models run in worker threads; process CPU time (process.cpuUsage) includes them, so the
// CPU figure per operation is the work done, the wall time what a verification waits on a
// machine as loaded as this one (load average printed).
import { loadavg } from "node:os";
import { CnhReader } from "../server/providers/cnh/ocr";
import { parseCnh } from "../server/providers/cnh/parse";
import { FaceModel } from "../server/providers/face/describe";
import { similarity } from "../server/providers/face/match";
import { REFERENCE_PHOTOS, readSample } from "../server/providers/face/references";
import { faceJpeg, renderCnh } from "../test/support/vision-images";

const mb = (n: number) => `${Math.round(n / 1048576)} MB`;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await fn();
  const used = process.cpuUsage(cpu);
  return { value, wallMs: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
}

function line(name: string, runs: { wallMs: number; cpuMs: number }[]): void {
  const wall = runs.map((r) => r.wallMs);
  const cpu = runs.map((r) => r.cpuMs);
  console.log(
    `${name}: n=${runs.length} wall p50 ${pct(wall, 0.5).toFixed(0)} ms, max ${Math.max(...wall).toFixed(0)} ms; CPU p50 ${pct(cpu, 0.5).toFixed(0)} ms`,
  );
}

export async function benchVision(samples: number): Promise<void> {
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const rss0 = process.memoryUsage().rss;
  const cards = await Promise.all(
    Array.from({ length: samples }, (_, i) =>
      renderCnh({
        name: "MARIA DA SILVA SOUZA",
        cpf: "529.982.247-25",
        birthDate: `${String(10 + i).padStart(2, "0")}/03/1985`,
        registrationNumber: "04512378901",
        expiryDate: "12/10/2031",
        category: "AB",
        photo: faceJpeg(REFERENCE_PHOTOS[i % REFERENCE_PHOTOS.length]!),
      }),
    ),
  );
  console.log(`CNH images: ${cards.map((c) => c.length).join(", ")} bytes (PNG, 1125 × 708)`);

  const reader = new CnhReader();
  const face = new FaceModel();
  try {
    const first = await timed(() => reader.read(cards[0]!, 300_000));
    console.log(
      `OCR first image (starts the worker, loads por data): wall ${first.wallMs.toFixed(0)} ms; worker start ${reader.loadMs} ms`,
    );
    const ocr = [];
    for (const card of cards) {
      const run = await timed(() => reader.read(card, 300_000));
      ocr.push(run);
      const fields = parseCnh(run.value);
      if (fields.cpf !== "52998224725" || fields.registrationNumber !== "04512378901") console.log("  misread:", JSON.stringify(fields));
    }
    line("OCR per CNH image", ocr);
    const afterOcr = process.memoryUsage().rss;

    const warm = await timed(() => face.describe(faceJpeg(REFERENCE_PHOTOS[0]!), 300_000));
    console.log(
      `face first image (starts the worker, loads the models): wall ${warm.wallMs.toFixed(0)} ms; model load ${face.loadMs?.toFixed(0)} ms`,
    );
    const pairs = [];
    const sims: number[] = [];
    for (let i = 0; i < samples; i++) {
      const photo = REFERENCE_PHOTOS[i % REFERENCE_PHOTOS.length]!;
      const selfie = faceJpeg(photo, 0.25, 0.8);
      const run = await timed(async () => {
        const a = await face.describe(selfie, 300_000);
        const b = await face.describe(readSample(photo.sample), 300_000, photo.region);
        if (!("faces" in a) || !("faces" in b) || !a.faces[0] || !b.faces[0]) return null;
        return similarity(a.faces[0].descriptor, b.faces[0].descriptor);
      });
      sims.push(run.value ?? -1);
      pairs.push(run);
    }
    line("face match per pair (selfie + reference crop of a 1920 px sample)", pairs);
    console.log(`  same-face similarities: ${sims.join(", ")}`);
    const full = await timed(() => face.describe(readSample("sample1.jpg"), 300_000));
    console.log(
      `face description of a whole 1920 × 1280 sample (3 faces): wall ${full.wallMs.toFixed(0)} ms, CPU ${full.cpuMs.toFixed(0)} ms`,
    );
    const mem = process.memoryUsage();
    console.log(
      `memory: rss at start ${mb(rss0)}, after OCR ${mb(afterOcr)}, after face ${mb(mem.rss)} (heap ${mb(mem.heapUsed)}, external ${mb(mem.external)})`,
    );
  } finally {
    await reader.close();
    await face.close();
  }
  console.log(
    `load average at end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
}
