import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { jobStatuses, toolTypes, type ExtractionJob, type ToolType, type TrackedJob } from '../../../../../contracts/social';
import { Badge, type Tone } from '../../../../components/ui/badge';
import { Field, Select } from '../../../../components/ui/field';
import { formatDuration, formatInt } from '../../../../lib/format';
import { formatDateTime } from '../../../../lib/format-extra';
import { useNow } from '../../../../lib/use-now';
import { wfQueries, type JobFilter } from '../../api/workflows';
import { jobSeconds, toolLabels } from '../../workflows';
import { JobProgress } from './job-progress';
import { Paged } from './paged';

export const statusTone: Record<string, Tone> = { pending: 'neutral', running: 'info', completed: 'success', failed: 'danger' };

/**
 * The account's extraction jobs (the service's list, paged), newest first, filtered by status and
 * tool, polled while one runs and refreshed when the console says a job finished; with the rows
 * each run found that no earlier run of the same tool on the same target had.
 */
export function JobList({ filter, onFilter }: { filter: JobFilter; onFilter: (next: JobFilter) => void }) {
  const query = useInfiniteQuery(wfQueries.jobs(filter));
  const tracked = useQuery(wfQueries.tracked());
  const mine = useMemo(() => new Map((tracked.data?.jobs ?? []).map((j) => [j.id, j])), [tracked.data]);
  const jobs = useMemo(() => query.data?.pages.flatMap((p) => p.jobs) ?? [], [query.data]);
  const now = useNow();
  return (
    <div className="flex flex-col">
      <div className="grid grid-cols-1 gap-3 border-b border-border p-3 sm:grid-cols-2">
        <Field label="Status">
          {({ id }) => (
            <Select id={id} value={filter.status ?? ''} onChange={(e) => onFilter({ ...filter, status: (e.target.value || undefined) as JobFilter['status'] })}>
              <option value="">Any status</option>
              {jobStatuses.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Tool">
          {({ id }) => (
            <Select id={id} value={filter.toolType ?? ''} onChange={(e) => onFilter({ ...filter, toolType: e.target.value || undefined })}>
              <option value="">Any tool</option>
              {toolTypes.map((t) => (
                <option key={t} value={t}>
                  {toolLabels[t]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Paged query={query} items={jobs} noun="jobs" empty={filter.status || filter.toolType ? 'No job matches these filters.' : 'No extraction yet: estimate and run one.'}>
        {(items) => (
          <ul aria-label="Extraction jobs" className="divide-y divide-border">
            {items.map((j) => (
              <JobItem key={j.id} job={j} now={now} tracked={mine.get(j.id) ?? null} />
            ))}
          </ul>
        )}
      </Paged>
    </div>
  );
}

function JobItem({ job, now, tracked }: { job: ExtractionJob; now: number; tracked: TrackedJob | null }) {
  const newRows = tracked?.newRows ?? null;
  const secs = jobSeconds(job, now);
  const tool = job.toolType as ToolType | null;
  return (
    <li className="flex flex-col gap-1 px-3 py-2.5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={statusTone[job.status] ?? 'neutral'}>{job.status}</Badge>
        <Link to="/social/extractions/$jobId" params={{ jobId: job.id }} className="min-w-0 font-medium text-accent hover:underline">
          {tool && tool in toolLabels ? toolLabels[tool] : (job.toolType ?? 'Extraction')}
        </Link>
        <span className="min-w-0 break-all text-sm text-muted">{job.target ?? ''}</span>
      </div>
      {job.status === 'pending' || job.status === 'running' ? <JobProgress job={job} className="max-w-md" /> : null}
      <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted">
        {job.status === 'completed' ? (
          <div className="flex gap-1">
            <dt>Rows</dt>
            <dd className="font-mono tabular-nums text-fg">{formatInt(job.totalResults)}</dd>
          </div>
        ) : null}
        {newRows !== null ? (
          <div className="flex gap-1">
            <dt>New since last run</dt>
            <dd className={tracked?.firstRun ? 'text-fg' : 'font-mono tabular-nums text-fg'}>{tracked?.firstRun ? 'first run on this target' : formatInt(newRows)}</dd>
          </div>
        ) : null}
        <div className="flex gap-1">
          <dt>Started</dt>
          <dd>{job.startedAt ? formatDateTime(job.startedAt) : job.createdAt ? `queued ${formatDateTime(job.createdAt)}` : '—'}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Duration</dt>
          <dd className="font-mono tabular-nums">{secs === null ? '—' : formatDuration(secs)}</dd>
        </div>
      </dl>
    </li>
  );
}
