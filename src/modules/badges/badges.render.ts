import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';

/** What one badge shows: the attendee's name and company, and a QR code of the attendee's id (what scanners read). */
export interface BadgeFace {
  readonly attendeeId: string;
  readonly name: string;
  readonly company: string;
  readonly eventTitle: string;
  readonly badgeId: string;
}

// A 4 x 6 inch badge (a common badge-printer stock), in PDF points.
const WIDTH = 288;
const HEIGHT = 432;
const MARGIN = 24;
const QR_SIZE = 176;
// A quiet zone of four modules around the code, as the QR standard asks: page white, so nothing is drawn there.

/** The text as the standard font can draw it: characters it has no glyph for become '?' (the PDF never fails on a name). */
function drawable(font: PDFFont, text: string): string {
  const glyphs = new Set(font.getCharacterSet());
  return [...text.normalize('NFC')].map((c) => (glyphs.has(c.codePointAt(0) ?? 0) ? c : '?')).join('');
}

/** The largest size, at most `max`, at which the text fits the badge's width; long text is cut with an ellipsis at `min`. */
function fit(font: PDFFont, text: string, max: number, min: number): { text: string; size: number } {
  const room = WIDTH - 2 * MARGIN;
  for (let size = max; size >= min; size -= 1) if (font.widthOfTextAtSize(text, size) <= room) return { text, size };
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, min) > room) cut = cut.slice(0, -1);
  return { text: `${cut}...`, size: min };
}

/**
 * The name in one line at 18 points or more, else in two lines (split at the space that balances them), else cut:
 * a badge is read from a few steps away.
 */
function nameLines(font: PDFFont, text: string): Array<{ text: string; size: number }> {
  const room = WIDTH - 2 * MARGIN;
  const one = fit(font, text, 28, 18);
  if (!one.text.endsWith('...') || one.text === text) return [one];
  const words = text.split(' ');
  if (words.length < 2) return [fit(font, text, 28, 12)];
  let best = { a: text, b: '', width: Infinity };
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(' ');
    const b = words.slice(i).join(' ');
    const width = Math.max(font.widthOfTextAtSize(a, 1), font.widthOfTextAtSize(b, 1));
    if (width < best.width) best = { a, b, width };
  }
  const size = Math.max(12, Math.min(24, Math.floor(room / best.width)));
  return [fit(font, best.a, size, Math.min(size, 12)), fit(font, best.b, size, Math.min(size, 12))];
}

function centered(page: PDFPage, font: PDFFont, line: { text: string; size: number }, y: number): void {
  const x = (WIDTH - font.widthOfTextAtSize(line.text, line.size)) / 2;
  page.drawText(line.text, { x, y, size: line.size, font, color: rgb(0, 0, 0) });
}

/** Draws the QR code as vector squares (sharp at any printer resolution), error correction level M. */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      // PDF's y axis points up: row 0 is the top of the code.
      page.drawRectangle({ x: x + col * cell, y: y + size - (row + 1) * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
    }
  }
}

/** Renders the badges into one PDF, a page per badge, in the order given. */
export async function renderBadges(faces: readonly BadgeFace[], title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('eventline');
  doc.setProducer('eventline');
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  for (const face of faces) {
    const page = doc.addPage([WIDTH, HEIGHT]);
    centered(page, regular, fit(regular, drawable(regular, face.eventTitle), 12, 8), HEIGHT - MARGIN - 12);
    page.drawLine({ start: { x: MARGIN, y: HEIGHT - MARGIN - 22 }, end: { x: WIDTH - MARGIN, y: HEIGHT - MARGIN - 22 }, thickness: 1, color: rgb(0.6, 0.6, 0.6) });
    const lines = nameLines(bold, drawable(bold, face.name));
    let y = HEIGHT - MARGIN - 64;
    for (const line of lines) {
      centered(page, bold, line, y);
      y -= line.size + 6;
    }
    if (face.company !== '') centered(page, regular, fit(regular, drawable(regular, face.company), 18, 9), y + 4);
    drawQr(page, face.attendeeId, (WIDTH - QR_SIZE) / 2, MARGIN + 28, QR_SIZE);
    centered(page, regular, fit(regular, drawable(regular, face.badgeId), 9, 6), MARGIN + 8);
  }
  return doc.save();
}
