import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportFormats } from '../../../contracts/social';
import { freshKey, makeSandbox } from '../test-kit';

/** Every export format is a real file that its own kind of reader reads back to the job's rows. */
const sb = makeSandbox(undefined, { speed: 50 });
const key = freshKey();
type Page = { job: { status: string }; results: Array<Record<string, unknown>>; hasMore: boolean; nextCursor?: string };

async function runJob(body: Record<string, unknown>): Promise<{ id: string; rows: Array<Record<string, unknown>> }> {
  const created = await sb.call<{ id: string }>('/api/v1/extractions', { key, json: body });
  expect(created.status).toBe(202);
  const id = created.body.id;
  for (let i = 0; i < 100 && (await sb.call<Page>(`/api/v1/extractions/${id}?limit=1`, { key })).body.job.status !== 'completed'; i++) sb.clock.advance(1000);
  const rows: Array<Record<string, unknown>> = [];
  let cursor = '';
  for (;;) {
    const page = (await sb.call<Page>(`/api/v1/extractions/${id}?limit=1000${cursor ? `&cursor=${cursor}` : ''}`, { key })).body;
    rows.push(...page.results);
    if (!page.hasMore) return { id, rows };
    cursor = encodeURIComponent(page.nextCursor!);
  }
}

const download = async (id: string, format: string, extra = '') => {
  const res = await sb.call<ArrayBuffer>(`/api/v1/extractions/${id}/export?format=${format}${extra}`, { key, raw: true });
  expect(res.status, format).toBe(200);
  return { bytes: Buffer.from(res.body), headers: res.headers };
};
const pdfPages = (bytes: Buffer) => (bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

describe('exports', () => {
  it('csv, json, md, md-document, txt, xlsx and pdf each read back to the job’s rows', async () => {
    // Posts in Japanese and English: text with non-Latin script and commas, quotes and line breaks.
    const { id, rows } = await runJob({ toolType: 'tweet_search_extractor', searchQuery: 'コーヒー OR coffee', resultsLimit: 120 });
    expect(rows.length).toBe(120);
    const asText = rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? '' : String(v)])));

    const csv = await download(id, 'csv');
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="extraction-${id}.csv"`);
    expect(parse(csv.bytes, { columns: true, bom: true })).toEqual(asText);

    expect(JSON.parse((await download(id, 'json')).bytes.toString('utf8'))).toEqual(rows);

    const md = (await download(id, 'md')).bytes.toString('utf8').trimEnd().split('\n');
    expect(md).toHaveLength(rows.length + 2);
    expect(md[2]).toContain(String(rows[0]!.tweetId));

    const doc = (await download(id, 'md-document')).bytes.toString('utf8');
    expect(doc.match(/^## /gm)).toHaveLength(rows.length);
    const txt = (await download(id, 'txt')).bytes.toString('utf8');
    expect(txt.match(/^#\d+$/gm)).toHaveLength(rows.length);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(id, 'xlsx')).bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(rows.length + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(Object.keys(rows[0]!));
    const last = (sheet.getRow(rows.length + 1).values as unknown[]).slice(1);
    expect(last).toEqual(Object.values(rows.at(-1)!));

    const pdf = (await download(id, 'pdf')).bytes;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdfPages(pdf)).toBe(Math.ceil(rows.length / 31));
    // The Japanese font is embedded for the Japanese rows.
    expect(pdf.toString('latin1')).toMatch(/FontName \/[A-Z]{6}\+VL-Gothic/);
  });

  it('holds PDFs to 10,000 rows and other formats to 100,000, saying when it cut', async () => {
    const { id } = await runJob({ toolType: 'follower_explorer', targetUsername: [...sb.corpus().users].sort((a, b) => b.followersCount - a.followersCount)[0]!.username, resultsLimit: 12_000 });
    const pdf = await download(id, 'pdf');
    expect(pdf.headers.get('x-export-rows')).toBe('10000');
    expect(pdf.headers.get('x-export-truncated')).toBe('true');
    // Users without a bio take one line, with one two: between 31 and 54 rows a page.
    const pages = pdfPages(pdf.bytes);
    expect(Number(/\/Type \/Pages\s*\/Count (\d+)/.exec(pdf.bytes.toString('latin1'))?.[1])).toBe(pages);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(10_000 / 54));
    expect(pages).toBeLessThanOrEqual(Math.ceil(10_000 / 31));
    const csv = await download(id, 'csv');
    expect(csv.headers.get('x-export-truncated')).toBeNull();
    expect(parse(csv.bytes, { columns: true })).toHaveLength(12_000);
    const verified = parse((await download(id, 'csv', '&verified=true')).bytes, { columns: true }) as Array<{ xVerified: string }>;
    expect(verified.length).toBeGreaterThan(0);
    expect(verified.every((r) => r.xVerified === 'true')).toBe(true);
  });

  it('refuses an unknown format and a job that has not completed', async () => {
    const created = await sb.call<{ id: string }>('/api/v1/extractions', { key, json: { toolType: 'reply_extractor', targetTweetId: sb.corpus().posts[100]!.id } });
    const early = await sb.call<{ error: string }>(`/api/v1/extractions/${created.body.id}/export?format=csv`, { key });
    expect(early.status).toBe(409);
    const bad = await sb.call<{ message: string }>(`/api/v1/extractions/${created.body.id}/export?format=docx`, { key });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(new RegExp(`format must be one of ${exportFormats.join(', ')}`));
  });
});
