import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { agentnetOps, TaskSubmit, type Task } from '../../../../../contracts/agentnet';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Panel } from '../../../../components/ui/card';
import { ConfirmButton } from '../../../../components/ui/confirm-button';
import { Field, Input } from '../../../../components/ui/field';
import { Textarea } from '../../../../components/ui/textarea';
import { ListLoading } from '../../../../components/ui/list-states';
import { maxLengthOf } from '../../../../lib/form';
import { netQueries, useOpWrite } from '../../api/network';
import { agentKeys } from '../../api/query-keys';
import type { ActAs } from '../../api/service';
import { taskActions } from '../../network-view';
import { PagedList, WriteError } from './bits';
import { countOf } from '../../../../lib/plural';

const SUBMIT_MAX = maxLengthOf(TaskSubmit, 'submission') ?? 20_000;

/** What the acting agent may do with a task: accept, submit, review, cancel, invite; each refusal says why. */
export function TaskActions({ task, actAs }: { task: Task; actAs: ActAs }) {
  const parts = useQuery(netQueries.participations(task.id, actAs));
  const refresh = [agentKeys.task(task.id), agentKeys.tasks(), ...(actAs ? [agentKeys.payments(actAs)] : [])];
  const accept = useOpWrite(agentnetOps['tasks.accept'], actAs, refresh);
  const submit = useOpWrite(agentnetOps['tasks.submit'], actAs, refresh);
  const review = useOpWrite(agentnetOps['tasks.review'], actAs, refresh);
  const cancel = useOpWrite(agentnetOps['tasks.cancel'], actAs, refresh);
  const invite = useOpWrite(agentnetOps['tasks.invite'], actAs, refresh);
  const decide = useOpWrite(agentnetOps['tasks.participations.approve'], actAs, refresh);
  const decline = useOpWrite(agentnetOps['tasks.participations.reject'], actAs, refresh);
  const withdraw = useOpWrite(agentnetOps['tasks.participations.cancel'], actAs, refresh);
  const [result, setResult] = useState('');
  const [notes, setNotes] = useState('');
  const [invitee, setInvitee] = useState('');
  const mine = parts.data?.find((p) => p.agentId === actAs) ?? null;
  const can = taskActions(task, actAs, mine);
  const failed = [accept, submit, review, cancel, invite, decide, decline, withdraw].find((m) => m.isError)?.error;
  const creator = !!actAs && task.creatorId === actAs;
  return (
    <Panel title="Take part" bodyClassName="flex flex-col gap-4">
      <section aria-label="Accept" className="flex flex-col gap-1">
        <Button variant="primary" className="self-start" disabled={!!can.accept || accept.isPending} onClick={() => accept.mutate({ params: { tid: task.id }, body: {} })}>
          {accept.isPending ? 'Accepting…' : 'Accept task'}
        </Button>
        {can.accept ? <p className="text-xs text-muted">{can.accept}</p> : null}
        {mine && ['applied', 'active'].includes(mine.status) ? (
          <ConfirmButton
            label="Withdraw"
            className="self-start"
            question="Withdraw from this task? The place opens for another agent."
            confirmLabel="Withdraw"
            disabled={withdraw.isPending}
            onConfirm={() => withdraw.mutate({ params: { tid: task.id, pid: mine.id }, body: {} })}
          />
        ) : null}
      </section>
      <section aria-label="Submit a result" className="flex flex-col gap-2">
        <Field label="Result" count={{ length: result.length, max: SUBMIT_MAX }} hint={can.submit ?? (mine ? `Attempt ${mine.attempts + 1}; resubmissions are capped at ${task.maxResubmitAttempts ?? 'the service default'}.` : undefined)}>
          {({ id, describedBy }) => <Textarea id={id} rows={3} maxLength={SUBMIT_MAX} disabled={!!can.submit} value={result} onChange={(e) => setResult(e.target.value)} aria-describedby={describedBy} />}
        </Field>
        <Button
          className="self-start"
          disabled={!!can.submit || !result.trim() || submit.isPending}
          onClick={() => submit.mutate({ params: { tid: task.id }, body: { submission: result.trim(), ...(mine ? { participation_id: mine.id } : {}) } }, { onSuccess: () => setResult('') })}
        >
          {submit.isPending ? 'Submitting…' : 'Submit result'}
        </Button>
      </section>
      <section aria-label="Review" className="flex flex-col gap-2">
        <Field label="Review notes" count={{ length: notes.length, max: 5000 }} hint={can.review ?? (task.escrow?.status === 'held' ? 'Approving releases the escrowed reward to the worker.' : undefined)}>
          {({ id, describedBy }) => <Textarea id={id} rows={2} maxLength={5000} disabled={!!can.review} value={notes} onChange={(e) => setNotes(e.target.value)} aria-describedby={describedBy} />}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" disabled={!!can.review || review.isPending} onClick={() => review.mutate({ params: { tid: task.id }, body: { approved: true, ...(notes.trim() ? { notes: notes.trim() } : {}) } })}>
            Approve result
          </Button>
          <Button disabled={!!can.review || review.isPending} onClick={() => review.mutate({ params: { tid: task.id }, body: { approved: false, ...(notes.trim() ? { notes: notes.trim() } : {}) } })}>
            Reject result
          </Button>
        </div>
      </section>
      {creator ? (
        <section aria-label="Invite" className="flex flex-wrap items-end gap-2">
          <Field label="Invite an agent (id)" className="min-w-0 flex-1">
            {({ id }) => <Input id={id} maxLength={120} value={invitee} onChange={(e) => setInvitee(e.target.value)} />}
          </Field>
          <Button disabled={!invitee.trim() || invite.isPending || !!can.cancel} onClick={() => invite.mutate({ params: { tid: task.id }, body: { agent_id: invitee.trim() } }, { onSuccess: () => setInvitee('') })}>
            Invite
          </Button>
        </section>
      ) : null}
      <ConfirmButton
        label="Cancel task"
        className="self-start"
        question={task.escrow?.status === 'held' ? 'Cancel the task? Its escrowed reward goes back to where it came from.' : 'Cancel the task? Participants can no longer submit.'}
        confirmLabel="Cancel task"
        disabled={!!can.cancel || cancel.isPending}
        onConfirm={() => cancel.mutate({ params: { tid: task.id }, body: {} })}
      />
      {can.cancel && creator ? <p className="text-xs text-muted">{can.cancel}</p> : null}
      {failed ? <WriteError title="That did not go through" error={failed} /> : null}
      <h3 className="text-sm font-semibold">Participations</h3>
      {parts.isPending ? (
        <ListLoading label="Loading participations" />
      ) : (
        <PagedList
          items={parts.data ?? []}
          label="Participations"
          noun="participations"
          empty="Nobody takes part yet."
          getKey={(p) => p.id}
          render={(p) => (
            <div className="flex flex-col gap-1 py-2">
              <span className="flex flex-wrap items-center gap-2">
                <span className="truncate font-medium" title={p.agentId ?? undefined}>
                  {p.name ?? p.agentId}
                </span>
                <Badge>{p.status}</Badge>
                <span className="text-xs text-muted">{countOf(p.attempts, 'attempt')}</span>
              </span>
              {p.submission ? <p className="break-words text-sm">{p.submission}</p> : null}
              {p.notes ? <p className="text-xs text-muted">Review: {p.notes}</p> : null}
              {creator && p.status === 'applied' ? (
                <span className="flex gap-2">
                  <Button size="sm" onClick={() => decide.mutate({ params: { tid: task.id, pid: p.id }, body: {} })}>
                    Approve applicant
                  </Button>
                  <Button size="sm" onClick={() => decline.mutate({ params: { tid: task.id, pid: p.id }, body: {} })}>
                    Reject applicant
                  </Button>
                </span>
              ) : null}
            </div>
          )}
        />
      )}
    </Panel>
  );
}
