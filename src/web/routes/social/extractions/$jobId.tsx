import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import * as socialRoutes from '../../../../contracts/bff-routes/social';
import { WORKFLOW_ID, type ToolType } from '../../../../contracts/social';
import { z } from '../../../../contracts/zod';
import { PageHeader } from '../../../components/shell/shell';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Card, Panel } from '../../../components/ui/card';
import { ChoiceGroup } from '../../../components/ui/choices';
import { ListFailed } from '../../../components/ui/list-states';
import { Progress } from '../../../components/ui/progress';
import { Stat } from '../../../components/ui/stat';
import { readAllRows, readNewRows, wfKeys, wfQueries } from '../../../features/social/api/workflows';
import { ExportPanel } from '../../../features/social/components/workflows/export-panel';
import { JobProgress } from '../../../features/social/components/workflows/job-progress';
import { statusTone } from '../../../features/social/components/workflows/job-list';
import { ResultsTable } from '../../../features/social/components/workflows/results-table';
import { defaultColumns, jobSeconds, toolLabels } from '../../../features/social/workflows';
import { bffUrl } from '../../../lib/bff';
import { formatDuration, formatInt } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-extra';
import { ensureRecord, requireShape } from '../../../lib/loaders';
import { useNow } from '../../../lib/use-now';

const Search = z.object({ only: z.catch(z.optional(z.enum(['new'])), undefined) });

export const Route = createFileRoute('/social/extractions/$jobId')({
  validateSearch: (search) => Search.parse(search),
  loader: ({ context, params }) => {
    requireShape(WORKFLOW_ID.test(params.jobId), 'Extraction', `"${params.jobId}" is not an extraction id.`);
    return ensureRecord(context.queryClient, wfQueries.job(params.jobId), 'Extraction');
  },
  component: JobPage,
});

function JobPage() {
  const { jobId } = Route.useParams();
  const { only } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: job } = useSuspenseQuery(wfQueries.job(jobId));
  const trackedJobs = useQuery(wfQueries.tracked());
  const mine = trackedJobs.data?.jobs.find((j) => j.id === jobId) ?? null;
  const now = useNow();
  const secs = jobSeconds(job, now);
  const tool = (job.toolType ?? 'post_extractor') as ToolType;
  const done = job.status === 'completed';
  const onlyNew = only === 'new' && mine?.newRows != null;
  const onlyNewReason = !mine
    ? 'This console did not start the job, so it has no record of earlier runs.'
    : mine.newRows === null
      ? 'Known once the console has read the finished job.'
      : null;

  return (
    <div className="flex h-full flex-col">
      <PageHeader
        title={`${toolLabels[tool] ?? job.toolType}${job.target ? `: ${job.target}` : ''}`}
        description={<span className="break-all font-mono">{job.id}</span>}
        actions={
          <Link to="/social/extractions" className="text-sm text-accent hover:underline">
            ← All jobs
          </Link>
        }
      />
      <div className="flex min-h-0 flex-1 flex-col gap-4 p-4 sm:gap-6 sm:p-6">
        <Card className="p-4">
          <div className="flex flex-wrap items-center gap-3">
            <Badge tone={statusTone[job.status] ?? 'neutral'}>{job.status}</Badge>
            {job.status === 'pending' || job.status === 'running' ? (
              <span className="text-sm text-muted">{job.status === 'pending' ? 'Waiting for the collector…' : `Collecting about ${formatInt(job.estimatedResults ?? 0)} rows…`}</span>
            ) : null}
          </div>
          {job.status === 'pending' || job.status === 'running' ? <JobProgress job={job} className="mt-3" /> : null}
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
            <Stat label={done ? 'Rows' : 'Rows so far'} value={formatInt(job.totalResults)} />
            <Stat label="New since last run" value={mine?.newRows != null ? (mine.firstRun ? 'First run' : formatInt(mine.newRows)) : '—'} mono={!mine?.firstRun} />
            <Stat label="Credits" value={job.creditsCharged != null ? formatInt(job.creditsCharged) : '—'} />
            <Stat label="Started" value={job.startedAt ? formatDateTime(job.startedAt) : '—'} mono={false} />
            <Stat label="Duration" value={secs === null ? '—' : formatDuration(secs)} />
          </dl>
          {job.status === 'failed' ? (
            <Alert className="mt-3" title="The job failed">
              {job.error ?? 'The service gave no reason.'} Failed jobs are refunded; run it again from Extractions.
            </Alert>
          ) : null}
        </Card>
        {done ? (
          <>
            <Panel title="Export">
              <ExportPanel href={(format) => bffUrl(socialRoutes.extractionExport, { params: { id: job.id }, query: { format } })} rows={job.totalResults} fallbackName={`extraction-${job.id}`} />
            </Panel>
            <Card className="flex h-[80vh] min-h-[32rem] min-w-0 flex-col">
              <div className="border-b border-border p-3">
                <ChoiceGroup
                  legend="Rows to show"
                  inline
                  value={onlyNew ? 'new' : 'all'}
                  onChange={(v) => void navigate({ search: { only: v === 'new' ? 'new' : undefined }, replace: true })}
                  options={[
                    { value: 'all', label: 'All rows' },
                    { value: 'new', label: 'Only new since the last run' },
                  ]}
                  hint={onlyNewReason ?? 'New: rows no earlier run of this tool on this target returned.'}
                />
              </div>
              <Rows jobId={job.id} tool={tool} total={job.totalResults} onlyNew={onlyNew} />
            </Card>
          </>
        ) : null}
      </div>
    </div>
  );
}

function Rows({ jobId, tool, total, onlyNew }: { jobId: string; tool: ToolType; total: number; onlyNew: boolean }) {
  const [loaded, setLoaded] = useState(0);
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- setLoaded only reports progress; it does not change what is read.
  const rows = useQuery({
    queryKey: [...wfKeys.job(jobId), 'rows', onlyNew ? 'new' : 'all'] as const,
    queryFn: ({ signal }) => (onlyNew ? readNewRows : readAllRows)(jobId, setLoaded, signal),
    staleTime: Infinity,
    gcTime: 60_000,
  });
  if (rows.isPending)
    return (
      <div className="flex flex-col gap-2 p-6" role="status">
        <p className="text-sm text-muted">
          Loading rows: {formatInt(loaded)}
          {onlyNew ? '' : ` of ${formatInt(total)}`}…
        </p>
        <Progress value={onlyNew || !total ? null : (loaded / total) * 100} label="Rows loaded" />
      </div>
    );
  if (rows.isError) return <ListFailed title="The rows could not be loaded" error={rows.error} onRetry={() => void rows.refetch()} />;
  return <ResultsTable rows={rows.data} initialColumns={defaultColumns(tool)} label={onlyNew ? 'New rows of the job' : 'Rows of the job'} emptyText={onlyNew ? 'No row is new: earlier runs of this tool on this target returned them all.' : undefined} />;
}
