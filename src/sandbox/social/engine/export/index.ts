import { Transform, type Readable } from 'node:stream';
import type { ExportFormat } from '../../../../contracts/social';
import type { ResultRow } from '../extract/rows';
import { pdfStream, xlsxStream } from './binary-formats';
import { csvStream, jsonStream, mdDocumentStream, mdTableStream, txtStream, type ExportMeta } from './text-formats';

export type { ExportMeta };

export const exportTypes: Record<ExportFormat, { contentType: string; extension: string }> = {
  csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  json: { contentType: 'application/json; charset=utf-8', extension: 'json' },
  md: { contentType: 'text/markdown; charset=utf-8', extension: 'md' },
  'md-document': { contentType: 'text/markdown; charset=utf-8', extension: 'md' },
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  txt: { contentType: 'text/plain; charset=utf-8', extension: 'txt' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
};

/** Text chunks as UTF-8 bytes (a web stream takes only bytes). */
const bytes = (s: Readable): Readable =>
  s.pipe(new Transform({ writableObjectMode: true, transform: (chunk: unknown, _enc, done) => done(null, typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk) }));

/** One export as a stream of bytes, in any of the seven formats. */
export function exportStream(format: ExportFormat, rows: Iterable<ResultRow>, meta: ExportMeta): Readable {
  return format === 'xlsx' || format === 'pdf' ? fileStream(format, rows, meta) : bytes(fileStream(format, rows, meta));
}

function fileStream(format: ExportFormat, rows: Iterable<ResultRow>, meta: ExportMeta): Readable {
  switch (format) {
    case 'csv':
      return csvStream(rows, meta);
    case 'json':
      return jsonStream(rows);
    case 'md':
      return mdTableStream(rows, meta);
    case 'md-document':
      return mdDocumentStream(rows, meta);
    case 'txt':
      return txtStream(rows, meta);
    case 'xlsx':
      return xlsxStream(rows, meta);
    case 'pdf':
      return pdfStream(rows, meta);
  }
}
