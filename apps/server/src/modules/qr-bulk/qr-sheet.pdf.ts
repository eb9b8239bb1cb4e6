import { createRequire } from 'node:module';
import {
  QR_COLORS,
  type SizeOption,
  type Theme,
  type TitleOption,
} from '@carecode/domain/qr-codes/card-designs';
import { CARD_BAND } from '@carecode/domain/organizations/branding';
import type { QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { qrCardFieldOf } from '@carecode/domain/qr-codes/qr-fields';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { baseOptions } from '../qr-images/qr-images.service.ts';

const require = createRequire(import.meta.url);
/** Devanagari (and its Latin) for names and descriptions written in Hindi. */
const DEVANAGARI_FONT =
  require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff');
const LATIN_BOLD = 'Helvetica-Bold';
const DEVANAGARI = 'NotoSansDevanagari-Bold';
const hasDevanagari = (text: string) => /[\u0900-\u097F]/.test(text);

/** A4 in points; the designer's sizes are CSS pixels (1/96 inch), 0.75 pt each. */
const PAGE = { width: 595.28, height: 841.89 };
const PX = 0.75;
const MARGIN = 24;
const GUTTER = 18;
const MARK = { offset: 2, length: 6, width: 0.4 };

/** An organisation's branding on its cards: its name, checked colour and logo (a PNG). */
export interface SheetBranding {
  name: string;
  /** Already through brandColorFor: white text on it reaches 4.5:1. */
  color: string;
  logo: Buffer | null;
}

export interface SheetCard {
  id: string;
  type: QrType;
  details: unknown;
  /** The organisation's branding for its codes (absent or null: a personal code). */
  branding?: SheetBranding | null;
}

/** One kind's look on the sheet: its theme, size and title (from the designer's option sets). */
export interface SheetStyle {
  theme: Theme;
  size: SizeOption;
  title: TitleOption;
}

export interface SheetOptions {
  /** The URL a card's code encodes (the same as the single QR image). */
  scanUrl: (id: string) => string;
  styleOf: (type: QrType) => SheetStyle;
  note: string;
  website: string;
  /** The line under an organisation's name on its cards ('Protected by CareCode'). */
  protectedBy: string;
}

const textOf = (details: unknown, key: string | undefined): string | undefined => {
  if (!key || !details || typeof details !== 'object') return undefined;
  const value = (details as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/** Blends `#rrggbb` into a background: the designer's `withAlpha` borders, flattened for print. */
function blend(hex: string, background: string, alpha: number): string {
  const channel = (value: string, at: number) => parseInt(value.slice(at, at + 2), 16);
  const mixed = [1, 3, 5].map((at) =>
    Math.round(channel(hex, at) * alpha + channel(background, at) * (1 - alpha)),
  );
  return `#${mixed.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

/** Dark modules of a code as runs per row: [row, firstColumn, length], for few, large rectangles. */
function qrRuns(text: string): { size: number; runs: Array<[number, number, number]> } {
  const { modules } = QRCode.create(text, {
    errorCorrectionLevel: baseOptions.errorCorrectionLevel,
  });
  const runs: Array<[number, number, number]> = [];
  for (let row = 0; row < modules.size; row += 1) {
    let start = -1;
    for (let column = 0; column <= modules.size; column += 1) {
      const dark = column < modules.size && modules.get(row, column);
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        runs.push([row, start, column - start]);
        start = -1;
      }
    }
  }
  return { size: modules.size, runs };
}

/**
 * The head of a card, in CSS px at scale 1: the CareCode mark (its 15 px logo), or on an
 * organisation's card its band (CARD_BAND: the same sizes as the designer's card).
 */
const MARK_HEIGHT = 15;

interface Metrics {
  width: number;
  height: number;
  scale: number;
}

/** The card's size for a kind (every card of a sheet gets the tallest, so cut lines align). */
function measureCard(
  doc: PDFKit.PDFDocument,
  options: SheetOptions,
  type: QrType,
  subtitle: boolean,
  branded: boolean,
): Metrics {
  const { size, title } = options.styleOf(type);
  const s = size.scale;
  const pad = 14 * s;
  const top = type === 'LUGGAGE' ? 30 * s : pad;
  const width = Math.ceil(size.width + 6 * s + 2 * pad + 3 * s) * PX;
  const inner = width - 2 * pad * PX;
  const titleHeight = doc
    .font(LATIN_BOLD)
    .fontSize(17 * s * PX)
    .heightOfString(title.label, { width: inner, lineGap: 0 });
  const noteHeight = doc
    .font('Helvetica')
    .fontSize(10.5 * s * PX)
    .heightOfString(options.note, { width: inner });
  const height =
    (top + (branded ? CARD_BAND.height : MARK_HEIGHT) * s + 8 * s + 10 * s + size.width + 6 * s) *
      PX +
    titleHeight +
    (subtitle ? (10 * s + 13 * s * 1.25 + 6 * s) * PX : 0) +
    (8 * s + 5 * s + 11.5 * s * 1.25 + pad) * PX +
    noteHeight;
  return { width, height: Math.ceil(height), scale: s };
}

const hasSubtitle = (card: SheetCard) => Boolean(textOf(card.details, qrCardFieldOf(card.type)));
const measureKey = (card: SheetCard) =>
  `${card.type}|${hasSubtitle(card)}|${Boolean(card.branding)}`;
const measureOf = (doc: PDFKit.PDFDocument, options: SheetOptions) => (card: SheetCard) =>
  measureCard(doc, options, card.type, hasSubtitle(card), Boolean(card.branding));

/**
 * Where each card goes: pages of cells in points from the page's top left (for the renderer, and
 * for tests that cut each card out of a rasterised page).
 */
export function planSheet(cards: readonly SheetCard[], options: SheetOptions): SheetCell[][] {
  const doc = new PDFDocument({ autoFirstPage: false });
  return layoutPages(cards, measureOf(doc, options));
}

/**
 * Print-ready A4 sheets of the designer's cards (the tag card: brand mark, title, the code on
 * its white tile, the name or description the kind prints, note and website), several a page in
 * a grid with crop marks at every cut line. Each code is drawn as vector squares from the same
 * encoding as the single QR image (level H, quiet zone 4). Returns the document as a stream; the
 * pages are drawn one at a time, yielding between them so other requests are answered.
 */
export function renderQrSheet(cards: readonly SheetCard[], options: SheetOptions) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'CareCode QR codes', Creator: 'CareCode' },
  });
  doc.registerFont(DEVANAGARI, DEVANAGARI_FONT);

  const fontFor = (text: string) => (hasDevanagari(text) ? DEVANAGARI : LATIN_BOLD);

  const drawLogo = (x: number, y: number, side: number) => {
    const unit = side / 64;
    doc.roundedRect(x, y, side, side, 14 * unit).fill('#b91c1c');
    // The logo's cross (apps/web/public/logo.svg), in its own 64-unit box.
    doc.save();
    doc.translate(x, y).scale(unit);
    doc.path('M27 14h10v13h13v10H37v13H27V37H14V27h13z').fill('#ffffff');
    doc.restore();
  };

  // Each organisation's logo is embedded once, however many of its cards the sheet holds.
  // (pdfkit's typings lack openImage and the image object `image` also takes.)
  type OpenedImage = { width: number; height: number };
  const opener = doc as unknown as { openImage(src: Buffer): OpenedImage };
  const logos = new Map<Buffer, OpenedImage | null>();
  const logoImage = (data: Buffer) => {
    if (!logos.has(data)) {
      let image: OpenedImage | null = null;
      try {
        image = opener.openImage(data);
      } catch {
        // A logo that cannot be read leaves its place empty rather than failing the sheet.
      }
      logos.set(data, image);
    }
    return logos.get(data) ?? null;
  };

  /**
   * An organisation's band: its logo on a white tile, its name and 'Protected by CareCode' in
   * white on its colour, centred in `width`.
   */
  const drawBand = (branding: SheetBranding, x: number, y: number, width: number, s: number) => {
    const u = s * PX;
    const height = CARD_BAND.height * u;
    // A white edge keeps the band apart from a card of the same colour.
    doc
      .lineWidth(u)
      .roundedRect(x, y, width, height, CARD_BAND.radius * u)
      .fillAndStroke(branding.color, '#ffffff');
    const image = branding.logo ? logoImage(branding.logo) : null;
    const logoSide = image ? CARD_BAND.logo * u : 0;
    const gap = image ? CARD_BAND.gap * u : 0;
    const textRoom = width - 2 * CARD_BAND.padX * u - logoSide - gap;
    const nameSize = CARD_BAND.name * u;
    const lineSize = CARD_BAND.line * u;
    doc.font(fontFor(branding.name)).fontSize(nameSize);
    const name = fitText(doc, branding.name, textRoom);
    const nameWidth = doc.widthOfString(name);
    doc.font('Helvetica').fontSize(lineSize);
    const lineWidth = Math.min(doc.widthOfString(options.protectedBy), textRoom);
    const blockWidth = logoSide + gap + Math.max(nameWidth, lineWidth);
    const left = x + (width - blockWidth) / 2;
    if (image) {
      const tileY = y + (height - logoSide) / 2;
      doc.roundedRect(left, tileY, logoSide, logoSide, CARD_BAND.logoRadius * u).fill('#ffffff');
      const inset = CARD_BAND.logoPad * u;
      const box = logoSide - 2 * inset;
      doc.image(image as unknown as Buffer, left + inset, tileY + inset, {
        fit: [box, box],
        align: 'center',
        valign: 'center',
      });
    }
    const textX = left + logoSide + gap;
    const textTop = y + (height - (nameSize * 1.15 + lineSize * 1.15)) / 2;
    doc
      .font(fontFor(branding.name))
      .fontSize(nameSize)
      .fillColor('#ffffff')
      .text(name, textX, textTop, { lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(lineSize)
      .fillColor('#ffffff')
      .text(options.protectedBy, textX, textTop + nameSize * 1.15, { lineBreak: false });
  };

  const drawCard = (card: SheetCard, x: number, y: number, metrics: Metrics) => {
    const { theme, size, title } = options.styleOf(card.type);
    const s = metrics.scale;
    const pad = 14 * s * PX;
    const { width, height } = metrics;
    const inner = width - 2 * pad;
    const subtitle = textOf(card.details, qrCardFieldOf(card.type));

    doc
      .lineWidth(1.5 * s * PX)
      .roundedRect(x, y, width, height, 22 * s * PX)
      .fillAndStroke(theme.background, blend(theme.foreground, theme.background, 0.3));

    let cursor = y + pad;
    if (card.type === 'LUGGAGE') {
      const hole = 14 * s * PX;
      doc
        .lineWidth(1.5 * s * PX)
        .circle(x + width / 2, y + 9 * s * PX + hole / 2, hole / 2)
        .fillAndStroke('#ffffff', blend(theme.foreground, theme.background, 0.45));
      cursor = y + 30 * s * PX;
    }

    if (card.branding) {
      drawBand(card.branding, x + pad, cursor, inner, s);
      cursor += (CARD_BAND.height + 8) * s * PX;
    } else {
      // Brand mark: the logo and "CareCode", centred.
      const markSize = 11 * s * PX;
      const logo = MARK_HEIGHT * s * PX;
      doc.font(LATIN_BOLD).fontSize(markSize);
      const brandWidth = doc.widthOfString('CareCode', { characterSpacing: 0.04 * markSize });
      const brandLeft = x + (width - (logo + 5 * s * PX + brandWidth)) / 2;
      drawLogo(brandLeft, cursor, logo);
      doc
        .fillColor(theme.foreground)
        .text('CareCode', brandLeft + logo + 5 * s * PX, cursor + (logo - markSize) / 2 - 0.5, {
          lineBreak: false,
          characterSpacing: 0.04 * markSize,
        });
      cursor += logo + 8 * s * PX;
    }

    doc
      .font(LATIN_BOLD)
      .fontSize(17 * s * PX)
      .fillColor(theme.foreground);
    doc.text(title.label, x + pad, cursor, { width: inner, align: 'center' });
    cursor = doc.y + 10 * s * PX;

    // The code on its white tile: black on white whatever the theme.
    const tilePad = 3 * s * PX;
    const qrSide = size.width * PX;
    const tileSide = qrSide + 2 * tilePad;
    const tileX = x + (width - tileSide) / 2;
    doc.roundedRect(tileX, cursor, tileSide, tileSide, 12 * s * PX).fill(QR_COLORS.background);
    const { size: modules, runs } = qrRuns(options.scanUrl(card.id));
    const module = qrSide / (modules + 2 * baseOptions.margin);
    const originX = tileX + tilePad + baseOptions.margin * module;
    const originY = cursor + tilePad + baseOptions.margin * module;
    for (const [row, column, length] of runs) {
      // A hair wider than the module, so neighbouring rows leave no seams when rasterised.
      doc.rect(originX + column * module, originY + row * module, length * module, module * 1.001);
    }
    doc.fill(QR_COLORS.foreground);
    cursor += tileSide;

    if (subtitle) {
      const fontSize = 13 * s * PX;
      const font = fontFor(subtitle);
      doc.font(font).fontSize(fontSize);
      const padX = 12 * s * PX;
      const text = fitText(doc, subtitle, inner - 2 * padX);
      const textWidth = doc.widthOfString(text);
      const pillHeight = fontSize * 1.25 + 6 * s * PX;
      const pillWidth = textWidth + 2 * padX;
      const pillY = cursor + 10 * s * PX;
      doc
        .roundedRect(x + (width - pillWidth) / 2, pillY, pillWidth, pillHeight, pillHeight / 2)
        .fill(theme.foreground);
      doc
        .fillColor(theme.background)
        .text(text, x + (width - textWidth) / 2, pillY + (pillHeight - fontSize) / 2 - 0.5, {
          lineBreak: false,
        });
    }

    // Note and website, kept at the foot of the card.
    const websiteSize = 11.5 * s * PX;
    const websiteY = y + height - pad - websiteSize * 1.25;
    doc.font('Helvetica').fontSize(10.5 * s * PX);
    const noteHeight = doc.heightOfString(options.note, { width: inner });
    doc
      .fillColor(theme.foreground)
      .text(options.note, x + pad, websiteY - 5 * s * PX - noteHeight, {
        width: inner,
        align: 'center',
      });
    doc
      .font(LATIN_BOLD)
      .fontSize(websiteSize)
      .text(options.website, x + pad, websiteY, {
        width: inner,
        align: 'center',
        lineBreak: false,
      });
  };

  /** Crop marks at every cut line, in the margins and gutters, never over a card. */
  const drawCropMarks = (boxes: Array<{ x: number; y: number; width: number; height: number }>) => {
    doc.lineWidth(MARK.width).strokeColor('#000000');
    for (const box of boxes) {
      const right = box.x + box.width;
      const bottom = box.y + box.height;
      for (const [cx, cy] of [
        [box.x, box.y],
        [right, box.y],
        [box.x, bottom],
        [right, bottom],
      ]) {
        const dx = cx === box.x ? -1 : 1;
        const dy = cy === box.y ? -1 : 1;
        doc
          .moveTo(cx + dx * MARK.offset, cy)
          .lineTo(cx + dx * (MARK.offset + MARK.length), cy)
          .moveTo(cx, cy + dy * MARK.offset)
          .lineTo(cx, cy + dy * (MARK.offset + MARK.length));
      }
    }
    doc.stroke();
  };

  const pages = layoutPages(cards, measureOf(doc, options));

  void (async () => {
    try {
      for (const page of pages) {
        // The client went away (the response destroyed the stream): stop drawing.
        if (doc.destroyed) return;
        doc.addPage({ size: 'A4', margin: 0 });
        for (const cell of page) drawCard(cell.card, cell.x, cell.y, cell.metrics);
        drawCropMarks(page.map((cell) => ({ x: cell.x, y: cell.y, ...cell.metrics })));
        // Let other requests (scans) in between pages.
        await new Promise((resolve) => setImmediate(resolve));
      }
      doc.end();
    } catch (error) {
      doc.destroy(error as Error);
    }
  })();
  return { doc, pages: pages.length };
}

/** Cuts a one-line text to a width with an ellipsis (names are short; descriptions may not be). */
function fitText(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

export interface SheetCell {
  card: SheetCard;
  x: number;
  y: number;
  metrics: Metrics;
}

/**
 * Cards in reading order on A4 pages: one grid for the whole sheet, its cell as wide and tall as
 * the largest card (every card takes the cell's size, so the cut lines of a column line up).
 */
function layoutPages(
  cards: readonly SheetCard[],
  measure: (card: SheetCard) => Metrics,
): SheetCell[][] {
  const byKey = new Map<string, Metrics>();
  let cellWidth = 0;
  let cellHeight = 0;
  for (const card of cards) {
    const key = measureKey(card);
    let metrics = byKey.get(key);
    if (!metrics) {
      metrics = measure(card);
      byKey.set(key, metrics);
    }
    cellWidth = Math.max(cellWidth, metrics.width);
    cellHeight = Math.max(cellHeight, metrics.height);
  }
  const usableWidth = PAGE.width - 2 * MARGIN;
  const usableHeight = PAGE.height - 2 * MARGIN;
  const columns = Math.max(1, Math.floor((usableWidth + GUTTER) / (cellWidth + GUTTER)));
  const rows = Math.max(1, Math.floor((usableHeight + GUTTER) / (cellHeight + GUTTER)));
  const left = (PAGE.width - (columns * cellWidth + (columns - 1) * GUTTER)) / 2;
  const top = (PAGE.height - (rows * cellHeight + (rows - 1) * GUTTER)) / 2;
  const pages: SheetCell[][] = [];
  cards.forEach((card, index) => {
    const onPage = index % (columns * rows);
    if (onPage === 0) pages.push([]);
    const metrics = byKey.get(measureKey(card))!;
    pages.at(-1)!.push({
      card,
      x: left + (onPage % columns) * (cellWidth + GUTTER),
      y: top + Math.floor(onPage / columns) * (cellHeight + GUTTER),
      metrics: { ...metrics, width: cellWidth, height: cellHeight },
    });
  });
  return pages;
}
