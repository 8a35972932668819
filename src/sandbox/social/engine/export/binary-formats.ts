import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { existsSync } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { ResultRow } from '../extract/rows';
import type { ExportMeta } from './text-formats';

/**
 * The binary formats: XLSX through exceljs's streaming writer (rows committed as they come), PDF
 * through pdfkit with a TrueType font that covers the corpus's scripts (DejaVu Sans for Latin,
 * Greek and Cyrillic; a Japanese subset of VL Gothic where the text needs it).
 */
const fontFile = (name: string) => fileURLToPath(new URL(`../fonts/${name}`, import.meta.url));
export const LATIN_FONT = fontFile('DejaVuSans.ttf');
export const CJK_FONT = fontFile('VLGothic-ja-subset.ttf');
const CJK = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/;

export function xlsxStream(rows: Iterable<ResultRow>, meta: ExportMeta): Readable {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet('Results');
  sheet.columns = meta.columns.map((c) => ({ header: c, key: c, width: Math.min(60, Math.max(12, c.length + 2)) }));
  void (async () => {
    try {
      let n = 0;
      for (const r of rows) {
        sheet.addRow(r).commit();
        // Let the zip stream drain now and then, so rows never pile up in memory.
        if (++n % 2000 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      sheet.commit();
      await book.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function pdfStream(rows: Iterable<ResultRow>, meta: ExportMeta): Readable {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: meta.title, Creator: 'Triptych social sandbox' } });
  doc.registerFont('latin', LATIN_FONT);
  const hasCjk = existsSync(CJK_FONT);
  if (hasCjk) doc.registerFont('cjk', CJK_FONT);
  const fontFor = (s: string) => (hasCjk && CJK.test(s) ? 'cjk' : 'latin');
  const width = doc.page.width - 80;
  const bottom = doc.page.height - 40;
  doc.font(fontFor(meta.title)).fontSize(14).text(clip(meta.title, 60), 40, 40, { lineBreak: false });
  doc.font('latin').fontSize(8).text(`${meta.total.toLocaleString('en')} rows · exported ${new Date(meta.createdAt).toISOString()}`, 40, 60, { width });
  let y = 80;
  let n = 0;
  // One line per text, cut to what fits the page (wide scripts take about twice the room): no
  // wrapping or measuring per line, which is what keeps 10,000 rows fast.
  const line = (s: string, size: number, x = 40) => {
    const font = fontFor(s);
    const room = Math.floor((width - (x - 40)) / (size * (font === 'cjk' ? 1 : 0.56)));
    doc.font(font).fontSize(size).text(clip(s, room), x, y, { lineBreak: false });
    y += size + 3;
  };
  for (const r of rows) {
    if (y > bottom - 26) {
      doc.addPage();
      y = 40;
    }
    n++;
    const who = `${n}. ${r.xUsername ? `@${r.xUsername}` : ''} ${r.xDisplayName ?? ''}`.trim();
    const facts = [r.xFollowersCount != null ? `${Number(r.xFollowersCount).toLocaleString('en')} followers` : null, r.xVerified ? 'verified' : null, r.tweetCreatedAt ?? r.xCreatedAt ?? null]
      .filter(Boolean)
      .join(' · ');
    line(`${who}${facts ? ` — ${facts}` : ''}`, 8);
    const text = String(r.tweetText ?? r.xDescription ?? '').replace(/\s+/g, ' ');
    if (text) line(text, 7, 52);
    y += 3;
  }
  doc.end();
  return doc as unknown as Readable;
}
