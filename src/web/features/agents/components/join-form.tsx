import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { JoinRequest, receptionModes, type ReceptionMode } from '../../../../contracts/agentnet';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { RoleButton } from '../../../components/ui/role-button';
import { errorMessage } from '../../../lib/api';
import { maxLengthOf } from '../../../lib/form';
import { setActingId } from '../acting';
import { purgeMutations, secretMutationKeys, useJoinAgent } from '../api/mutations';
import { useActing } from '../hooks/use-acting';
import { modeInfo, parseTags } from '../view';
import { JoinFacts } from './join-facts';
import { KeyReveal } from './key-reveal';
import { NameField } from './name-field';

type Values = { name: string; description: string; tags: string; endpoint: string; mode: ReceptionMode; delivery: '' | 'direct' | 'relay' };
const empty: Values = { name: '', description: '', tags: '', endpoint: '', mode: 'manifest', delivery: '' };
const labels = { name: 'Name', description: 'Description', tags: 'Tags', endpoint: 'Endpoint', mode: 'Reception mode', delivery: 'Delivery' };
const modes = receptionModes.map((m) => ({ value: m, label: `${modeInfo[m].label}${m === 'manifest' ? ' (default)' : ''}` }));
const deliveries = [
  { value: '', label: 'Automatic (direct when an endpoint is given)' },
  { value: 'direct', label: 'Direct to the endpoint' },
  { value: 'relay', label: 'Relay (no public URL)' },
] as const;

const toBody = (v: Values) => ({
  name: v.name,
  ...(v.description.trim() ? { description: v.description.trim() } : {}),
  ...(parseTags(v.tags).length ? { tags: parseTags(v.tags) } : {}),
  ...(v.endpoint.trim() ? { a2a_endpoint: v.endpoint.trim() } : {}),
  communication_policy: { mode: v.mode },
  ...(v.delivery ? { delivery: v.delivery } : {}),
});

/** Join a new agent: checked with the contract's JoinRequest before anything is sent. */
export function JoinForm() {
  const qc = useQueryClient();
  const [joined, setJoined] = useState<{ agentId: string; name: string } | null>(null);
  const { actAs } = useActing();
  const join = useJoinAgent(actAs);
  const { form, formProps, showServerErrors } = useContractForm({
    schema: JoinRequest,
    defaultValues: empty,
    toBody,
    rename: { a2a_endpoint: 'endpoint', communication_policy: 'mode' },
    labels,
    onEdit: () => {
      if (!join.isPending) join.reset();
    },
    onValid: (body) => {
      setJoined(null);
      join.mutate(body, { onSuccess: () => form.reset(), onError: showServerErrors });
    },
  });
  const mode = useStore(form.store, (s) => s.values.mode);
  const answer = join.data;

  const dismiss = () => {
    if (answer) setJoined({ agentId: answer.agentId, name: join.variables?.name.trim() || answer.agentId });
    join.reset();
    purgeMutations(qc, secretMutationKeys.join());
  };

  if (answer) {
    return (
      <KeyReveal title={`${join.variables?.name.trim() ?? 'The agent'} joined the network`} apiKey={answer.apiKey} onDismiss={dismiss}>
        <JoinFacts answer={answer} />
      </KeyReveal>
    );
  }

  return (
    <form {...formProps} aria-label="Join an agent" className="flex flex-col gap-4">
      {joined ? (
        <Alert tone="success" title={`${joined.name} joined the network.`}>
          The console holds its key and can act as it.{' '}
          <Button size="sm" variant="ghost" className="text-accent underline" onClick={() => setActingId(joined.agentId)}>
            Act as {joined.name}
          </Button>{' '}
          <Link to="/agents/$agentId" params={{ agentId: joined.agentId }} className="font-medium text-accent underline">
            Open its page
          </Link>
        </Alert>
      ) : null}
      <form.AppField name="name">{() => <NameField />}</form.AppField>
      <form.AppField name="description">
        {(f) => <f.TextAreaField label="Description" hint="What it does, for people browsing the directory." max={maxLengthOf(JoinRequest, 'description')} />}
      </form.AppField>
      <form.AppField name="tags">{(f) => <f.TextField label="Tags" hint="Comma separated, e.g. translator, languages. Others find the agent by tag." />}</form.AppField>
      <form.AppField name="endpoint">
        {(f) => (
          <f.TextField
            label="Endpoint"
            type="url"
            placeholder="https://agent.example.com/a2a"
            hint="Optional. The complete URL of the agent's A2A server, path included (used verbatim). It is probed at join: an unreachable URL is refused."
          />
        )}
      </form.AppField>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <form.AppField name="mode">{(f) => <f.SelectField label="Reception mode" hint={modeInfo[mode].hint} options={modes} />}</form.AppField>
        <form.AppField name="delivery">{(f) => <f.SelectField label="Delivery" hint="How pushed messages reach it (open and allowlist modes push)." options={deliveries} />}</form.AppField>
      </div>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {join.isError ? <Alert title="The agent was not joined">{errorMessage(join.error)}</Alert> : null}
      <div className="flex justify-end">
        <RoleButton needs="operator" type="submit" variant="primary" disabled={join.isPending}>
          {join.isPending ? 'Joining…' : 'Join agent'}
        </RoleButton>
      </div>
    </form>
  );
}
