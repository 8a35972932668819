import { useQuery } from '@tanstack/react-query';
import { RoleButton } from '../../../components/ui/role-button';
import { useContractForm } from '../../../components/form/use-contract-form';
import type { ArchiveFile, LedgerTask } from '../../../../contracts/bff';
import { PutArchiveSettings } from '../../../../contracts/bff-bodies';
import * as archiveRoutes from '../../../../contracts/bff-routes/archive';
import { Alert } from '../../../components/ui/alert';
import { Badge, type Tone } from '../../../components/ui/badge';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { Panel } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api';
import { bffUrl } from '../../../lib/bff';
import { formatInt } from '../../../lib/format';
import { formatBytes, formatDateTime, formatRelative } from '../../../lib/format-extra';
import { useNow } from '../../../lib/use-now';
import { archiveQuery, useRemoveLocalCopy, useSetRetention } from '../api/archive';
import { countOf } from '../../../lib/plural';

const stateWords: Record<ArchiveFile['state'], { label: string; tone: Tone }> = {
  pending: { label: 'To be copied', tone: 'info' },
  archived: { label: 'Archived', tone: 'success' },
  retrying: { label: 'Retrying', tone: 'warning' },
  lost: { label: 'Lost', tone: 'danger' },
  removed: { label: 'Removed', tone: 'neutral' },
};

/** What a file's state means, in a sentence. */
export function fileStateNote(f: ArchiveFile, now: number): string {
  if (f.state === 'archived') return f.size !== null ? `Kept in the console, ${formatBytes(f.size)}.` : 'Kept in the console.';
  if (f.state === 'retrying')
    return `Copy failed ${countOf(f.attempts, 'time')}${f.reason ? ` (${f.reason})` : ''}; next try ${f.nextAttemptAt ? `${formatRelative(f.nextAttemptAt, now)} (${formatDateTime(f.nextAttemptAt)})` : 'soon'}.`;
  if (f.state === 'lost') return `No copy will be made: ${f.reason ?? 'no reason recorded'}.`;
  if (f.state === 'removed') return f.reason ? `The local copy was deleted: ${f.reason}.` : 'The local copy was deleted; downloads come from the service while it keeps the file.';
  return 'Copied when the task succeeds.';
}

/** Each output file's archive state, and deleting the task's local copies. */
export function ArchiveFiles({ task }: { task: LedgerTask }) {
  const now = useNow();
  const remove = useRemoveLocalCopy(task.id);
  const files = task.files ?? [];
  const kept = files.filter((f) => f.state === 'archived');
  const keptBytes = kept.reduce((s, f) => s + (f.size ?? 0), 0);
  if (files.length === 0) return null;
  return (
    <Panel title="Archived files" bodyClassName="flex flex-col gap-3">
      <ul className="flex flex-col divide-y divide-border text-sm" aria-label="Archived files">
        {files.map((f) => (
          <li key={f.key} className="flex flex-col gap-1 py-2" data-file-state={f.state}>
            <div className="flex min-w-0 items-center justify-between gap-2">
              <span className="min-w-0 truncate font-mono text-xs" title={f.key}>
                {f.key}
              </span>
              <span className="flex shrink-0 items-center gap-2">
                {f.state === 'archived' ? (
                  <a href={bffUrl(archiveRoutes.file, { params: { taskId: task.id, key: f.key }, query: { download: 1 } })} download className="text-xs text-accent underline" aria-label={`Download ${f.key}`}>
                    Download
                  </a>
                ) : null}
                <Badge tone={stateWords[f.state].tone}>{stateWords[f.state].label}</Badge>
              </span>
            </div>
            <p className="break-words text-xs text-muted">{fileStateNote(f, now)}</p>
          </li>
        ))}
      </ul>
      {remove.isSuccess ? (
        <p role="status" className="text-sm">
          Deleted {countOf(remove.data.files, 'local file')} ({formatBytes(remove.data.bytes)}).
        </p>
      ) : null}
      {remove.isError ? <Alert title="The local copy was not deleted">{errorMessage(remove.error)}</Alert> : null}
      {kept.length > 0 ? (
        <ConfirmButton
          label="Delete local copy"
          question={`Delete the console's copy of ${countOf(kept.length, 'file')} (${formatBytes(keptBytes)})? Downloads then come from the service, which deletes its files 3 days after the task.`}
          confirmLabel="Delete the local copy"
          disabled={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      ) : (
        <p className="text-xs text-muted">No local copy to delete.</p>
      )}
    </Panel>
  );
}

/** The retention setting: whole days, 0 keeps copies forever; saved by the console, over ARCHIVE_RETENTION_DAYS. Checked with the contract's schema. */
function RetentionForm({ days }: { days: number }) {
  const save = useSetRetention();
  const { form, formProps, showServerErrors } = useContractForm({
    schema: PutArchiveSettings,
    defaultValues: { retentionDays: String(days) },
    toBody: (v) => ({ retentionDays: v.retentionDays.trim() === '' ? Number.NaN : Number(v.retentionDays) }),
    labels: { retentionDays: 'Keep copies for (days)' },
    onEdit: () => {
      if (!save.isPending) save.reset();
    },
    onValid: (body) => save.mutate(body.retentionDays, { onError: showServerErrors }),
  });
  return (
    <form {...formProps} className="flex flex-wrap items-end gap-2" aria-label="Archive retention">
      <form.AppField name="retentionDays">{(f) => <f.TextField label="Keep copies for (days)" hint="0 keeps them forever." inputMode="numeric" maxLength={4} className="w-48" />}</form.AppField>
      <RoleButton needs="admin" type="submit" size="sm" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save retention'}
      </RoleButton>
      {save.isSuccess ? <p role="status" className="w-full text-xs text-success">Saved: {save.data.retentionDays === 0 ? 'copies are kept forever' : `copies older than ${formatInt(save.data.retentionDays)} days are deleted`}.</p> : null}
      {save.isError ? <Alert title="The retention was not saved">{errorMessage(save.error)}</Alert> : null}
    </form>
  );
}

/** The archive's disk use and its settings. */
export function ArchiveUsagePanel() {
  const usage = useQuery(archiveQuery());
  const u = usage.data;
  return (
    <Panel title="Archive" bodyClassName="flex flex-col gap-2 text-sm">
      {usage.isError ? (
        <Alert title="The archive's use could not be read">{errorMessage(usage.error)}</Alert>
      ) : !u ? (
        <p className="text-muted">Reading the archive…</p>
      ) : (
        <>
          <p>
            <span className="font-mono">{formatBytes(u.bytes)}</span> on disk: {countOf(u.files, 'file')} of {countOf(u.tasks, 'task')}.
          </p>
          <p className="text-muted">
            Retention: {u.retentionDays === 0 ? 'copies are kept forever' : `copies older than ${formatInt(u.retentionDays)} days are deleted`}. Files above {formatBytes(u.maxFileBytes)} are not
            copied.
          </p>
          <RetentionForm key={u.retentionDays} days={u.retentionDays} />
          <p className="text-xs text-muted">The file size limit is set by ARCHIVE_MAX_FILE_MB in the console's environment; a retention saved here wins over ARCHIVE_RETENTION_DAYS.</p>
        </>
      )}
    </Panel>
  );
}
