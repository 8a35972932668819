import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { agentnetOps, WorkCreate, type WorkItem } from '../../../../../contracts/agentnet';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Button } from '../../../../components/ui/button';
import { RoleButton } from '../../../../components/ui/role-button';
import { Panel } from '../../../../components/ui/card';
import { Field, Input } from '../../../../components/ui/field';
import { Checkbox } from '../../../../components/ui/choices';
import { ListLoading } from '../../../../components/ui/list-states';
import { netQueries, useOpWrite } from '../../api/network';
import { agentKeys } from '../../api/query-keys';
import type { ActAs } from '../../api/service';
import { governanceSentence, groupByStatus, neighbourColumn, workColumns, type WorkStatus } from '../../network-view';
import { WriteError } from './bits';

type Values = { title: string; assignee_agent_id: string };
const statuses = workColumns.map((c) => c.status);
/** The tick's assignees come by work id or as a list in work id order. */
const assigneeOf = (a: Record<string, string | null> | Array<string | null>, id: string, i: number) => (Array.isArray(a) ? (a[i] ?? null) : (a[id] ?? null));
const labelOf = (s: WorkStatus | null) => workColumns.find((c) => c.status === s)?.label ?? '';

/**
 * An org's work as a board by status. A card moves with its ← → buttons (or the arrow keys while
 * it has focus); the loop tick answers what is open and who is on it.
 */
export function WorkBoard({ orgId, actAs, governs, members }: { orgId: string; actAs: ActAs; governs: boolean; members: ReadonlyArray<{ agentId: string; name: string }> }) {
  const [openOnly, setOpenOnly] = useState(false);
  const work = useQuery(netQueries.orgWork(orgId, openOnly, actAs));
  const refresh = [agentKeys.org(orgId)];
  const move = useOpWrite(agentnetOps['orgs.work.update'], actAs, refresh);
  const create = useOpWrite(agentnetOps['orgs.work.create'], actAs, refresh);
  const tick = useOpWrite(agentnetOps['orgs.tick'], actAs, refresh);
  const importTask = useOpWrite(agentnetOps['orgs.work.import'], actAs, refresh);
  const [taskId, setTaskId] = useState('');
  const nameOf = (id: string | null) => (id ? (members.find((m) => m.agentId === id)?.name ?? id) : 'Nobody');
  const { form, formProps, showServerErrors } = useContractForm({
    schema: WorkCreate,
    defaultValues: { title: '', assignee_agent_id: '' } as Values,
    toBody: (v: Values) => ({ title: v.title.trim(), ...(v.assignee_agent_id ? { assignee_agent_id: v.assignee_agent_id } : {}) }),
    labels: { title: 'Work title' },
    onEdit: () => create.reset(),
    onValid: (body) => create.mutate({ params: { oid: orgId }, body }, { onSuccess: () => form.reset(), onError: showServerErrors }),
  });
  const shift = (w: WorkItem, step: -1 | 1) => {
    const to = neighbourColumn(w.status, step);
    if (to) move.mutate({ params: { oid: orgId, wid: w.id }, body: { status: to } });
  };
  const columns = groupByStatus(work.data ?? [], statuses);
  const failed = move.error ?? create.error ?? tick.error ?? importTask.error;
  return (
    <Panel
      title="Work board"
      aside={<Checkbox label="Open only" checked={openOnly} onChange={(e) => setOpenOnly(e.target.checked)} />}
      bodyClassName="flex flex-col gap-4"
    >
      {work.isPending ? (
        <ListLoading label="Loading work" />
      ) : (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {workColumns.map((c) => (
            <section key={c.status} aria-label={c.label} className="flex min-w-0 flex-col gap-2 rounded border border-border bg-surface-2 p-2">
              <h3 className="text-sm font-semibold">
                {c.label} <span className="font-normal text-muted">· {columns[c.status].length}</span>
              </h3>
              <ul className="flex flex-col gap-2">
                {columns[c.status].map((w) => (
                  <li
                    key={w.id}
                    tabIndex={0}
                    aria-label={`${w.title}, ${c.label}, assigned to ${nameOf(w.assignee)}`}
                    onKeyDown={(e) => {
                      if (!governs) return;
                      if (e.key === 'ArrowLeft') shift(w, -1);
                      if (e.key === 'ArrowRight') shift(w, 1);
                    }}
                    className="flex flex-col gap-1 rounded bg-surface p-2 shadow-card focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span className="break-words text-sm font-medium">{w.title}</span>
                    <span className="truncate text-xs text-muted" title={w.assignee ?? undefined}>
                      {nameOf(w.assignee)}
                    </span>
                    {governs ? (
                      <span className="flex gap-1">
                        {([-1, 1] as const).map((step) => {
                          const to = neighbourColumn(w.status, step);
                          return to ? (
                            <Button key={step} size="sm" tabIndex={-1} disabled={move.isPending} onClick={() => shift(w, step)} aria-label={`Move ${w.title} to ${labelOf(to)}`}>
                              {step < 0 ? '←' : '→'} {labelOf(to)}
                            </Button>
                          ) : null;
                        })}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      {governs ? <p className="text-xs text-muted">Focus a card and press ← or → to move it.</p> : <p className="text-xs text-muted">Only the org&apos;s creator or claimed owner moves and creates work.</p>}
      <form {...formProps} aria-label="Create work" className="grid min-w-0 grid-cols-1 items-end gap-2 sm:grid-cols-[1fr_12rem_auto]">
        <form.AppField name="title">{(f) => <f.TextField label="Work title" max={200} disabled={!governs} />}</form.AppField>
        <form.AppField name="assignee_agent_id">
          {(f) => <f.SelectField label="Assignee" disabled={!governs} options={[{ value: '', label: 'Nobody yet' }, ...members.map((m) => ({ value: m.agentId, label: m.name }))]} />}
        </form.AppField>
        <RoleButton needs="operator" type="submit" disabled={!governs || create.isPending}>
          {create.isPending ? 'Creating…' : 'Create work'}
        </RoleButton>
      </form>
      <div className="grid min-w-0 grid-cols-1 items-end gap-2 sm:grid-cols-[1fr_auto]">
        <Field label="Import a pool task (task id)">
          {({ id }) => <Input id={id} maxLength={120} disabled={!governs} value={taskId} onChange={(e) => setTaskId(e.target.value)} />}
        </Field>
        <Button disabled={!governs || !taskId.trim() || importTask.isPending} onClick={() => importTask.mutate({ params: { oid: orgId }, body: { task_id: taskId.trim() } }, { onSuccess: () => setTaskId('') })}>
          Import as work
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button disabled={!governs || tick.isPending} onClick={() => tick.mutate({ params: { oid: orgId }, body: {} })}>
          {tick.isPending ? 'Ticking…' : 'Tick the org loop'}
        </Button>
        {tick.data ? (
          <p role="status" className="text-sm">
            Tick: {tick.data.openCount} open · {tick.data.workIds.length ? tick.data.workIds.map((id, i) => `${id} → ${nameOf(assigneeOf(tick.data.assignees, id, i))}`).join(', ') : 'no work ids'}
          </p>
        ) : null}
      </div>
      {failed ? <WriteError title="The work did not change" error={failed} extra={governanceSentence(failed, 'change its work')} /> : null}
    </Panel>
  );
}
