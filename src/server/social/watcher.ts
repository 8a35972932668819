import { fillPath, queryString } from '../../contracts/routes';
import { socialOps } from '../../contracts/social';
import type { Upstreams } from '../connections/upstream';
import { sendWithRetry } from '../connections/send';
import type { EventHub } from '../events/hub';
import { rowId, type JobBook } from './jobs';
import { chargeFrom } from '../spend/finders';
import type { SpendLog } from '../spend/spend-log';

type Page = { job?: { status?: string; creditsCharged?: unknown }; results?: Array<Record<string, unknown>>; hasMore?: boolean; nextCursor?: string };

/**
 * Follows the jobs this console started until they finish (whoever started them: a tab, the
 * proxy, a schedule; it survives restarts, the jobs being in SQLite). A finished job is read page
 * by page once, to record which rows are new to its tool and target, and then every tab is told.
 */
export class JobWatcher {
  private busy = false;

  constructor(private readonly deps: { book: JobBook; upstreams: Upstreams; hub: EventHub; spends: SpendLog; now: () => number }) {}

  private async get(row: { mode: 'sandbox' | 'live'; base_url: string }, path: string): Promise<Page | null> {
    const upstream = this.deps.upstreams.at('social', row.mode, row.base_url);
    const res = await sendWithRetry(() => upstream.request(path), { retry: true, speed: this.deps.upstreams.speedFor(row.mode) });
    if (!res.ok) {
      await res.body?.cancel();
      return null;
    }
    return (await res.json()) as Page;
  }

  /** One round over the unfinished jobs, a background round (jobs/rounds.ts); resolves when done (tests wait on it). */
  async poll(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (const row of await this.deps.book.unfinished()) {
        const first = await this.get(row, fillPath(socialOps['extractions.get'].path, { id: row.id }) + queryString({ limit: 1 })).catch(() => null);
        const status = first?.job?.status;
        if (!status) continue;
        const ended = status === 'completed' || status === 'failed';
        if (status !== row.status) await this.deps.book.setStatus(row, status, ended ? this.deps.now() : null);
        // An ended job's charge is final (a failed job is refunded): its write in the spend ledger settles with it.
        const charged = status === 'failed' ? 0 : chargeFrom('creditsCharged')(first.job);
        if (ended && charged !== null) await this.deps.spends.settle('social', row.id, charged, this.deps.now());
        if (status === 'failed') this.notice(row.id, 'error', 'Extraction failed', `${row.tool_type} on ${row.target} failed: run it again (the service refunds failed jobs).`);
        if (status !== 'completed') continue;
        let cursor: string | undefined;
        let total = 0;
        let fresh = 0;
        do {
          const page = await this.get(row, fillPath(socialOps['extractions.get'].path, { id: row.id }) + queryString({ limit: 1000, cursor }));
          if (!page) break;
          const ids = (page.results ?? []).map(rowId).filter(Boolean);
          total += ids.length;
          fresh += await this.deps.book.see(row, ids);
          cursor = page.hasMore ? page.nextCursor : undefined;
        } while (cursor);
        await this.deps.book.finish(row, total, fresh);
        this.notice(row.id, 'success', 'Extraction finished', `${row.tool_type} on ${row.target}: ${total.toLocaleString('en')} rows, ${fresh.toLocaleString('en')} new since the last run.`);
      }
    } finally {
      this.busy = false;
    }
  }

  private notice(jobId: string, level: 'success' | 'error', title: string, message: string) {
    this.deps.hub.publish({ type: 'notice', service: 'social', notice: { level, title, message, link: `/social/extractions/${jobId}`, at: this.deps.now() } });
  }
}
