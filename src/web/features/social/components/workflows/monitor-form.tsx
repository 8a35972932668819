import { useMutation } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { KeywordMonitorCreate, MONITOR_CREDITS_PER_HOUR, MonitorCreate, socialOps } from '../../../../../contracts/social';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Alert } from '../../../../components/ui/alert';
import { RoleButton } from '../../../../components/ui/role-button';
import { ChoiceGroup } from '../../../../components/ui/choices';
import { ApiRequestError, errorMessage } from '../../../../lib/api';
import { errorTexts } from '../../../../lib/form';
import { callOperation } from '../../../../lib/operation';
import { socialKeys } from '../../api/credits';
import { wfKeys } from '../../api/workflows';
import { duplicateMonitorText } from '../../workflows';
import { EventTypePicker } from './event-types';

type Kind = 'account' | 'keyword';
type Values = { subject: string; eventTypes: string[] };
const defaults: Values = { subject: '', eventTypes: ['tweet.new', 'tweet.reply', 'tweet.mention'] };

/** Create an account monitor or a keyword monitor with its event types; its price said before. */
export function MonitorForm() {
  const [kind, setKind] = useState<Kind>('account');
  return (
    <div className="flex flex-col gap-3">
      <ChoiceGroup
        legend="Watch"
        inline
        value={kind}
        onChange={setKind}
        options={[
          { value: 'account', label: 'An account' },
          { value: 'keyword', label: 'Keywords' },
        ]}
      />
      <KindForm key={kind} kind={kind} />
    </div>
  );
}

function KindForm({ kind }: { kind: Kind }) {
  const create = useMutation({
    mutationFn: (body: { username: string; eventTypes: string[] } | { query: string; eventTypes: string[] }) =>
      'username' in body ? callOperation(socialOps['monitors.create'], { body }) : callOperation(socialOps['monitors.keywords.create'], { body }),
    meta: { invalidates: [wfKeys.monitors(), socialKeys.balance()] },
  });
  const { form, formProps, showServerErrors } = useContractForm({
    schema: kind === 'account' ? MonitorCreate : KeywordMonitorCreate,
    defaultValues: defaults,
    toBody: (v: Values) => (kind === 'account' ? { username: v.subject.trim().replace(/^@/, ''), eventTypes: v.eventTypes } : { query: v.subject.trim(), eventTypes: v.eventTypes }),
    rename: { username: 'subject', query: 'subject' },
    labels: { subject: kind === 'account' ? 'User name' : 'Keywords', eventTypes: 'Event types' },
    onEdit: () => create.reset(),
    onValid: (body) => create.mutate(body as never, { onSuccess: () => form.reset(), onError: showServerErrors }),
  });
  const subject = useStore(form.store, (s) => s.values.subject);
  const duplicate = create.error instanceof ApiRequestError && create.error.status === 409;
  return (
    <form {...formProps} aria-label={kind === 'account' ? 'New account monitor' : 'New keyword monitor'} className="flex flex-col gap-3">
      <form.AppField name="subject">
        {(f) =>
          kind === 'account' ? (
            <f.TextField label="User name" hint="The account whose posts, replies, mentions and profile changes to watch." maxLength={16} max={16} placeholder="@username" />
          ) : (
            <f.TextField label="Keywords" hint="Posts with these words (the search syntax)." maxLength={500} max={500} />
          )
        }
      </form.AppField>
      <form.Field name="eventTypes">{(f) => <EventTypePicker value={f.state.value} onChange={f.handleChange} errors={errorTexts(f.state.meta.errors)} />}</form.Field>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {create.isError ? (
        <Alert title={duplicate ? 'This monitor already exists' : 'The monitor was not created'}>{duplicate ? duplicateMonitorText(kind, subject.trim()) : errorMessage(create.error)}</Alert>
      ) : null}
      {create.isSuccess ? <Alert tone="success" title="Monitor created">It is active: its events appear below as they happen.</Alert> : null}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <p className="text-sm text-muted">
          Costs {MONITOR_CREDITS_PER_HOUR} credit now, then {MONITOR_CREDITS_PER_HOUR} every hour while active ({24 * MONITOR_CREDITS_PER_HOUR} a day).
        </p>
        <RoleButton needs="operator" type="submit" variant="primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create monitor'}
        </RoleButton>
      </div>
    </form>
  );
}
