// The report's page layout: A4, pdfkit's standard Helvetica (WinAnsi covers every pt-BR accent),
// colours, and the Writer that lays out sections, paragraphs, label/value pairs, tables and any
// dossier block, adding pages as it goes.
//
// A section is kept on one page when it fits there (keep()): it is first drawn on a scratch page
// to measure its height, and it moves to a new page only when it does not fit in the room left on
// this one. A section taller than a page flows from where it is (issue 29).
//
// Every free text goes through fit(): cut to a length (a table cell or a pair's value to
// MAX_FIELD characters, a paragraph to MAX_PARAGRAPH), and a word wider than its column broken
// into pieces that fit, each on its own line. pdfkit breaks such a word itself by measuring ever
// shorter prefixes of it, which cost 32 ms per decision of one 2,000-character word (issue 21).
import PDFDocument from "pdfkit";
import { isBag as isObj } from "../../../lib/contract/dossier-read";
import { cell, label, pluralize, winAnsi } from "./text";

/** Longest table cell or pair value printed, in characters; the rest is cut with "…". */
export const MAX_FIELD = 500;
/** Longest paragraph or bullet printed (the AI summary's paragraph is at most 6,000). */
export const MAX_PARAGRAPH = 6000;

export const C = {
  ink: "#1f2937",
  muted: "#6b7280",
  line: "#d1d5db",
  soft: "#f3f4f6",
  brand: "#1e3a5f",
  brandSoft: "#e8eef6",
  low: "#15803d",
  medium: "#b45309",
  high: "#b91c1c",
  bar: "#2563eb",
  node: "#64748b",
};
export const RISK_COLOR = { low: C.low, medium: C.medium, high: C.high } as const;

export const PAGE = { margin: 48, width: 595.28, height: 841.89 };
export const CONTENT_W = PAGE.width - PAGE.margin * 2;
export const BOTTOM = PAGE.height - PAGE.margin - 18;

/** The room of an empty page, from the top margin to the footer. */
export const PAGE_ROOM = BOTTOM - PAGE.margin;
/** A section up to this tall moves whole to a new page when the room left is too short for it. */
const KEEP_WHOLE = PAGE_ROOM / 2;
/** Left with less room than this, a section that fits on a page moves whole to the next one. */
const LITTLE_ROOM = PAGE_ROOM / 4;
/** The scratch page's height: a measured section never reaches its end (the measure stops past PAGE_ROOM). */
const SCRATCH_HEIGHT = 14_400;

export type Doc = PDFKit.PDFDocument;

/** Measures one scratch document takes before the next one replaces it. */
const SCRATCH_PAGES = 1000;
let scratch: { writer: Writer; pages: number } | null = null;

/** Thrown while measuring once a section is taller than a page: it will flow from where it is. */
class TallerThanAPage extends Error {}

export class Writer {
  private readonly charWidths = new Map<string, number>();
  /** While measuring (a scratch writer): the lowest y the section may reach; null when drawing for real. */
  private limit: number | null = null;

  constructor(readonly doc: Doc) {}

  /**
   * Draws a section (or a few that belong together) on this page when it fits in the room left.
   * When it does not, it moves whole to a new page if it fits on one and is short (at most half a
   * page) or the room left is little (under a quarter of a page); otherwise it starts here and
   * flows, rather than leave most of a page blank. `draw` runs twice: once on a scratch page to
   * measure it, then for real, so it must only draw.
   */
  keep(draw: (w: Writer) => void) {
    const room = BOTTOM - this.doc.y;
    // with half a page left or more, a section fits here or is too tall to move: no need to measure
    if (room < KEEP_WHOLE) {
      const height = this.measure(draw, room < LITTLE_ROOM ? PAGE_ROOM : KEEP_WHOLE);
      if (height !== null && height > room) this.doc.addPage();
    }
    draw(this);
  }

  /** The section's height drawn from the top of a page; null when it is taller than `limit` (a page at most). */
  measure(draw: (w: Writer) => void, limit = PAGE_ROOM): number | null {
    const s = Writer.scratchWriter();
    const d = s.doc;
    d.addPage(); // a fresh page each time: the previous one is written out and dropped
    const font = (this.doc as unknown as { _font?: { name?: string }; _fontSize?: number })._font?.name ?? "Helvetica";
    d.font(font).fontSize((this.doc as unknown as { _fontSize?: number })._fontSize ?? 12);
    d.x = PAGE.margin;
    d.y = PAGE.margin;
    s.limit = PAGE.margin + limit;
    s.source = null;
    try {
      draw(s);
    } catch (error) {
      if (error instanceof TallerThanAPage) return null;
      throw error;
    } finally {
      s.limit = null;
    }
    const height = d.y - PAGE.margin;
    return height > limit ? null : height;
  }

  /**
   * The process's scratch writer (the report's worker thread makes one report at a time), shared
   * by the reports so that each does not load the fonts again; a new one after SCRATCH_PAGES
   * measures, as a document keeps a few numbers for every page it has written.
   */
  private static scratchWriter(): Writer {
    if (!scratch || scratch.pages >= SCRATCH_PAGES) {
      const doc = new PDFDocument({ size: [PAGE.width, SCRATCH_HEIGHT], margin: PAGE.margin, autoFirstPage: false });
      doc.on("data", () => {}); // nobody reads the scratch pages
      scratch = { writer: new Writer(doc), pages: 0 };
    }
    scratch.pages++;
    return scratch.writer;
  }

  /** Whether `height` more points go past the page's end: for real, a new page follows; while measuring, past a page ends the measure. */
  private full(height: number): boolean {
    if (this.limit === null) return this.doc.y + height > BOTTOM;
    if (this.doc.y > this.limit) throw new TallerThanAPage();
    return false;
  }

  /**
   * `text` as printed in `font` at `size` in a column `width` points wide (the font and size are
   * set on the document): WinAnsi, at most `max` characters, and every word wider than the column
   * cut into pieces that fit, one per line (measured character by character, once per word).
   */
  fit(text: string, width: number, font: string, size: number, max = MAX_FIELD): string {
    this.doc.font(font).fontSize(size);
    let out = winAnsi(text);
    if (out.length > max) out = `${out.slice(0, max - 1)}…`;
    return out.replace(/\S{8,}/g, (word) =>
      this.doc.widthOfString(word) <= width ? word : this.breakWord(word, width, `${font}|${size}`),
    );
  }

  private breakWord(word: string, width: number, key: string): string {
    const d = this.doc;
    const pieces: string[] = [];
    let piece = "";
    let used = 0;
    for (const ch of word) {
      const id = `${key}|${ch}`;
      let w = this.charWidths.get(id);
      if (w === undefined) {
        w = d.widthOfString(ch);
        this.charWidths.set(id, w);
      }
      if (piece !== "" && used + w > width) {
        pieces.push(piece);
        piece = "";
        used = 0;
      }
      piece += ch;
      used += w;
    }
    if (piece !== "") pieces.push(piece);
    return pieces.join("\n");
  }

  ensure(height: number) {
    if (this.full(height)) this.doc.addPage();
  }

  /** A line printed under the next section's title (the module's source), then forgotten. */
  private source: { text: string; warn: boolean } | null = null;

  sourceLine(source: { text: string; warn: boolean } | null) {
    this.source = source;
  }

  section(title: string) {
    const source = this.source;
    this.source = null;
    this.ensure(60);
    const d = this.doc;
    d.moveDown(0.8);
    const y = d.y;
    d.rect(PAGE.margin, y, 3, 14).fill(C.brand);
    d.fillColor(C.brand)
      .font("Helvetica-Bold")
      .fontSize(12.5)
      .text(winAnsi(title), PAGE.margin + 9, y + 1, { width: CONTENT_W - 9 });
    d.moveTo(PAGE.margin, d.y + 3)
      .lineTo(PAGE.margin + CONTENT_W, d.y + 3)
      .lineWidth(0.5)
      .strokeColor(C.line)
      .stroke();
    d.y += 9;
    d.x = PAGE.margin;
    if (source) {
      d.font(source.warn ? "Helvetica-Bold" : "Helvetica")
        .fontSize(8.5)
        .fillColor(source.warn ? C.medium : C.muted);
      d.text(winAnsi(source.text), PAGE.margin, d.y, { width: CONTENT_W });
      d.moveDown(0.3);
      d.font("Helvetica").fontSize(9.5).fillColor(C.ink);
    }
  }

  subheading(title: string) {
    this.ensure(40);
    this.doc
      .moveDown(0.4)
      .fillColor(C.ink)
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(winAnsi(title), PAGE.margin, this.doc.y, { width: CONTENT_W });
    this.doc.moveDown(0.2);
  }

  paragraph(text: string, options: { color?: string; size?: number; font?: string } = {}) {
    const d = this.doc;
    const fitted = this.fit(text, CONTENT_W, options.font ?? "Helvetica", options.size ?? 9.5, MAX_PARAGRAPH);
    this.ensure(Math.min(d.heightOfString(fitted, { width: CONTENT_W }), 120));
    d.fillColor(options.color ?? C.ink).text(fitted, PAGE.margin, d.y, { width: CONTENT_W, align: "left", lineGap: 1.5 });
  }

  note(text: string) {
    this.paragraph(text, { color: C.muted, size: 8.5 });
  }

  bullets(items: string[], color = C.ink) {
    const d = this.doc;
    for (const item of items) {
      const fitted = this.fit(item, CONTENT_W - 14, "Helvetica", 9.5, MAX_PARAGRAPH);
      const h = d.heightOfString(fitted, { width: CONTENT_W - 14 });
      this.ensure(h + 2);
      const y = d.y;
      d.fillColor(C.brand)
        .circle(PAGE.margin + 4, y + 5, 1.8)
        .fill();
      d.fillColor(color).text(fitted, PAGE.margin + 14, y, { width: CONTENT_W - 14, lineGap: 1 });
      d.y += 2;
    }
    d.x = PAGE.margin;
  }

  /** Label/value pairs in two columns; a value may have its own colour (a third item). */
  pairs(rows: ([string, string] | [string, string, string])[]) {
    const d = this.doc;
    const colW = CONTENT_W / 2;
    const labelW = 110;
    for (let i = 0; i < rows.length; i += 2) {
      const pair = rows
        .slice(i, i + 2)
        .map(
          ([k, v, color]) =>
            [this.fit(k, labelW - 4, "Helvetica", 8.5), this.fit(v, colW - labelW - 8, "Helvetica-Bold", 9), color] as const,
        );
      const h =
        Math.max(
          ...pair.map(([k, v]) =>
            Math.max(
              d
                .font("Helvetica")
                .fontSize(8.5)
                .heightOfString(k, { width: labelW - 4 }),
              d
                .font("Helvetica-Bold")
                .fontSize(9)
                .heightOfString(v, { width: colW - labelW - 8 }),
            ),
          ),
        ) + 5;
      this.ensure(h);
      const y = d.y;
      pair.forEach(([k, v, color], j) => {
        const x = PAGE.margin + j * colW;
        d.fillColor(C.muted)
          .font("Helvetica")
          .fontSize(8.5)
          .text(k, x, y, { width: labelW - 4 });
        d.fillColor(color ?? C.ink)
          .font("Helvetica-Bold")
          .fontSize(9)
          .text(v, x + labelW, y, { width: colW - labelW - 8 });
      });
      d.y = y + h;
    }
    d.x = PAGE.margin;
  }

  /** A table with a header row; widths are fractions of the content width; `color` may give a cell its own colour. */
  table(headers: string[], rows: string[][], widths: number[], color?: (row: number, column: number) => string | undefined) {
    const d = this.doc;
    const cols = widths.map((w) => w * CONTENT_W);
    const header = () => {
      this.ensure(18);
      const y = d.y;
      d.rect(PAGE.margin, y, CONTENT_W, 15).fill(C.brandSoft);
      let x = PAGE.margin;
      headers.forEach((h, i) => {
        d.fillColor(C.brand)
          .font("Helvetica-Bold")
          .fontSize(8)
          .text(winAnsi(h), x + 3, y + 4, { width: cols[i]! - 6, lineBreak: false, ellipsis: true });
        x += cols[i]!;
      });
      d.y = y + 15;
    };
    header();
    rows.forEach((cells, r) => {
      const row = cells.map((v, i) => this.fit(v, cols[i]! - 6, "Helvetica", 8));
      const h = Math.max(...row.map((v, i) => d.heightOfString(v, { width: cols[i]! - 6 }))) + 6;
      if (this.full(h)) {
        d.addPage();
        header();
      }
      const y = d.y;
      if (r % 2 === 1) d.rect(PAGE.margin, y, CONTENT_W, h).fill(C.soft);
      let x = PAGE.margin;
      row.forEach((v, i) => {
        d.fillColor(color?.(r, i) ?? C.ink)
          .font("Helvetica")
          .fontSize(8)
          .text(v, x + 3, y + 3, { width: cols[i]! - 6 });
        x += cols[i]!;
      });
      d.y = y + h;
    });
    d.x = PAGE.margin;
    d.moveDown(0.3);
  }

  /** Any dossier block: scalars as pairs, lists of objects as tables (sections of other modules too). */
  generic(block: unknown, depth = 0) {
    if (!isObj(block)) {
      if (Array.isArray(block)) this.list(block, "");
      else this.paragraph(cell("", block));
      return;
    }
    const scalars: [string, string][] = [];
    const nested: [string, unknown][] = [];
    for (const [k, v] of Object.entries(block)) {
      if (Array.isArray(v) && v.some(isObj)) nested.push([k, v]);
      else if (isObj(v) && !("risky" in v) && !("description" in v) && Object.values(v).some((x) => typeof x === "object" && x !== null))
        nested.push([k, v]);
      else scalars.push([label(k), cell(k, v)]);
    }
    if (scalars.length) this.pairs(scalars);
    for (const [k, v] of nested) {
      if (depth >= 2) continue;
      this.subheading(label(k));
      if (Array.isArray(v)) this.list(v, k);
      else this.generic(v, depth + 1);
    }
  }

  list(items: unknown[], key: string, max = 40) {
    const objects = items.filter(isObj);
    if (objects.length === 0) {
      this.note(items.length ? items.map((v) => cell(key, v)).join(", ") : "Nenhum registro.");
      return;
    }
    const flat = (v: unknown) => !Array.isArray(v) && (!isObj(v) || "description" in v || "name" in v || "risky" in v);
    const keys = [...new Set(objects.flatMap((o) => Object.keys(o)))].filter((k) => objects.every((o) => flat(o[k]))).slice(0, 6);
    this.table(
      keys.map(label),
      objects.slice(0, max).map((o) => keys.map((k) => cell(k, o[k]))),
      keys.map(() => 1 / keys.length),
    );
    if (objects.length > max) this.note(`E mais ${pluralize(objects.length - max, "registro não listado", "registros não listados")}.`);
  }
}
