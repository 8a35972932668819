import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import type { ResultRow } from '../extract/rows';

/**
 * The text formats of an export, each streamed row by row (nothing holds all rows): CSV through
 * csv-stringify, JSON as one array, Markdown as a table or as a document, plain text as blocks.
 */
export type ExportMeta = { title: string; columns: readonly string[]; total: number; createdAt: number };

const cell = (v: ResultRow[string]) => (v === null || v === undefined ? '' : String(v));

export function csvStream(rows: Iterable<ResultRow>, meta: ExportMeta): Readable {
  return Readable.from(rows).pipe(stringify({ header: true, columns: [...meta.columns], cast: { boolean: (b) => (b ? 'true' : 'false') } }));
}

export function jsonStream(rows: Iterable<ResultRow>): Readable {
  return Readable.from(
    (function* () {
      let first = true;
      yield '[';
      for (const r of rows) {
        yield `${first ? '\n' : ',\n'}${JSON.stringify(r)}`;
        first = false;
      }
      yield first ? ']\n' : '\n]\n';
    })(),
  );
}

/** Markdown cell text: pipes escaped, line breaks as spaces. */
const md = (v: ResultRow[string]) => cell(v).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function mdTableStream(rows: Iterable<ResultRow>, meta: ExportMeta): Readable {
  return Readable.from(
    (function* () {
      yield `| ${meta.columns.join(' | ')} |\n| ${meta.columns.map(() => '---').join(' | ')} |\n`;
      for (const r of rows) yield `| ${meta.columns.map((c) => md(r[c] ?? null)).join(' | ')} |\n`;
    })(),
  );
}

/** The row's heading in documents: its user or post. */
const headingOf = (r: ResultRow, n: number) => `${n}. ${r.xUsername ? `@${r.xUsername}` : ''}${r.xDisplayName ? ` (${r.xDisplayName})` : ''}${r.tweetId ? ` — post ${r.tweetId}` : ''}`;

export function mdDocumentStream(rows: Iterable<ResultRow>, meta: ExportMeta): Readable {
  return Readable.from(
    (function* () {
      yield `# ${meta.title}\n\n${meta.total.toLocaleString('en')} rows, exported ${new Date(meta.createdAt).toISOString()}.\n`;
      let n = 0;
      for (const r of rows) {
        n++;
        const text = r.tweetText ?? r.xDescription;
        const fields = meta.columns.filter((c) => c !== 'tweetText' && c !== 'xDescription').map((c) => `- **${c}**: ${md(r[c] ?? null)}`);
        yield `\n## ${headingOf(r, n)}\n\n${text ? `> ${cell(text).replace(/\r?\n/g, '\n> ')}\n\n` : ''}${fields.join('\n')}\n`;
      }
    })(),
  );
}

export function txtStream(rows: Iterable<ResultRow>, meta: ExportMeta): Readable {
  return Readable.from(
    (function* () {
      yield `${meta.title}\n${meta.total} rows\n`;
      let n = 0;
      for (const r of rows) {
        n++;
        yield `\n#${n}\n${meta.columns.map((c) => `${c}: ${cell(r[c] ?? null).replace(/\r?\n/g, ' ')}`).join('\n')}\n`;
      }
    })(),
  );
}
