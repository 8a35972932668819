import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import * as socialRoutes from '../../../../../contracts/bff-routes/social';
import type { Draw } from '../../../../../contracts/social';
import { BarChart } from '../../../../components/charts/bar-chart';
import { Badge } from '../../../../components/ui/badge';
import { ChoiceGroup } from '../../../../components/ui/choices';
import { Stat } from '../../../../components/ui/stat';
import { bffUrl } from '../../../../lib/bff';
import { formatInt } from '../../../../lib/format';
import { formatDateTime } from '../../../../lib/format-extra';
import { wfQueries } from '../../api/workflows';
import { ExportPanel } from './export-panel';
import { Paged } from './paged';

/** A draw's result: entries against valid entries and winners (drawn), the winners then the backups, export. */
export function DrawResult({ draw }: { draw: Draw }) {
  const [type, setType] = useState<'winners' | 'entries'>('winners');
  const winners = draw.winners.filter((w) => !w.isBackup);
  const backups = draw.winners.filter((w) => w.isBackup);
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Entries" value={formatInt(draw.totalEntries)} />
        <Stat label="Valid entries" value={formatInt(draw.validEntries)} />
        <Stat label="Winners" value={formatInt(winners.length)} />
        <Stat label="Backups" value={formatInt(backups.length)} />
      </dl>
      <BarChart
        label="Entries, valid entries and winners"
        unit="accounts"
        height={150}
        bars={[
          { key: 'total', label: 'Entries', value: draw.totalEntries },
          { key: 'valid', label: 'Valid', value: draw.validEntries },
          { key: 'winners', label: 'Winners', value: winners.length },
          { key: 'backups', label: 'Backups', value: backups.length },
        ]}
      />
      {[
        { title: 'Winners', list: winners },
        { title: 'Backups', list: backups },
      ].map(({ title, list }) =>
        list.length ? (
          <section key={title} aria-label={title}>
            <h2 className="mb-1 text-sm font-semibold">{title}</h2>
            <ol className="divide-y divide-border rounded border border-border">
              {list.map((w) => (
                <li key={`${w.position}-${w.username}`} className="flex flex-wrap items-center gap-2 px-3 py-2">
                  <Badge tone={w.isBackup ? 'neutral' : 'success'}>#{w.position}</Badge>
                  {w.username ? (
                    <Link to="/social/users/$user" params={{ user: w.username }} className="text-accent hover:underline">
                      @{w.username}
                    </Link>
                  ) : null}
                  {w.tweetId ? (
                    <Link to="/social/posts/$postId" params={{ postId: w.tweetId }} className="text-sm text-muted hover:underline">
                      their reply
                    </Link>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        ) : null,
      )}
      <section aria-label="Export" className="flex flex-col gap-3 border-t border-border pt-3">
        <ChoiceGroup
          legend="Export"
          inline
          value={type}
          onChange={setType}
          options={[
            { value: 'winners', label: 'Winners and backups' },
            { value: 'entries', label: 'All valid entries' },
          ]}
        />
        <ExportPanel
          key={type}
          href={(format) => bffUrl(socialRoutes.drawExport, { params: { id: draw.id }, query: { format, type } })}
          rows={type === 'winners' ? draw.winners.length : draw.validEntries}
          fallbackName={`draw-${draw.id}-${type}`}
        />
      </section>
    </div>
  );
}

/** The account's draws, newest first, paged. */
export function DrawList() {
  const query = useInfiniteQuery(wfQueries.draws());
  const draws = useMemo(() => query.data?.pages.flatMap((p) => p.draws) ?? [], [query.data]);
  return (
    <Paged query={query} items={draws} noun="draws" empty="No draw yet.">
      {(items) => (
        <ul aria-label="Draws" className="divide-y divide-border">
          {items.map((d) => (
            <li key={d.id} className="flex flex-col gap-0.5 px-3 py-2.5">
              <Link to="/social/draws/$drawId" params={{ drawId: d.id }} className="font-medium text-accent hover:underline">
                {d.tweetAuthor ? `Giveaway by @${d.tweetAuthor}` : `Draw ${d.id}`}
              </Link>
              <p className="text-xs text-muted">
                {formatInt(d.validEntries)} valid of {formatInt(d.totalEntries)} entries · {formatInt(d.winners.filter((w) => !w.isBackup).length)} winners
                {d.drawnAt ?? d.createdAt ? ` · ${formatDateTime((d.drawnAt ?? d.createdAt) as number)}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Paged>
  );
}
