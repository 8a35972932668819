import { Progress } from '../../../../components/ui/progress';
import { cn } from '../../../../lib/cn';
import { formatInt } from '../../../../lib/format';
import { jobProgress } from '../../workflows';

/** A job's rows so far against the rows expected, as a bar and as figures (the list and the job page). */
export function JobProgress({ job, className }: { job: { id: string; status: string; totalResults: number; estimatedResults: number | null }; className?: string }) {
  const p = jobProgress(job);
  const figures = `${formatInt(p.rows)} / ${p.expected === null ? '?' : formatInt(p.expected)} rows`;
  const tone = job.status === 'failed' ? 'danger' : job.status === 'completed' ? 'success' : 'accent';
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Progress value={p.percent} tone={tone} label={`Rows collected by extraction ${job.id}`} aria-valuetext={figures} className="min-w-0 flex-1" />
      <span className="shrink-0 font-mono text-xs tabular-nums text-fg">{figures}</span>
    </div>
  );
}
