import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { JoinRequest, receptionModes, type ReceptionMode } from '../../../../contracts/agentnet';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api';
import { setActingId } from '../acting';
import { useActing } from '../hooks/use-acting';
import { purgeMutations, secretMutationKeys, useJoinAgent } from '../api/mutations';
import { issuesByField, modeInfo, parseTags } from '../view';
import { JoinFacts } from './join-facts';
import { KeyReveal } from './key-reveal';
import { NameField } from './name-field';

type Errors = Partial<Record<'name' | 'description' | 'tags' | 'endpoint' | 'mode' | 'delivery' | '_', string>>;
const rename = { a2a_endpoint: 'endpoint', communication_policy: 'mode' };

/** Join a new agent: checked with the contract's JoinRequest before anything is sent. */
export function JoinForm() {
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [tags, setTags] = useState('');
  const [endpoint, setEndpoint] = useState('');
  const [mode, setMode] = useState<ReceptionMode>('manifest');
  const [delivery, setDelivery] = useState<'' | 'direct' | 'relay'>('');
  const [errors, setErrors] = useState<Errors>({});
  const [joined, setJoined] = useState<{ agentId: string; name: string } | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const { actAs } = useActing();
  const join = useJoinAgent(actAs);
  const answer = join.data;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      name,
      ...(description.trim() ? { description: description.trim() } : {}),
      ...(parseTags(tags).length ? { tags: parseTags(tags) } : {}),
      ...(endpoint.trim() ? { a2a_endpoint: endpoint.trim() } : {}),
      communication_policy: { mode },
      ...(delivery ? { delivery } : {}),
    };
    const parsed = JoinRequest.safeParse(body);
    if (!parsed.success) {
      const next = issuesByField(parsed.error.issues, rename) as Errors;
      setErrors(next);
      if (next.name) nameRef.current?.focus();
      return;
    }
    setErrors({});
    setJoined(null);
    join.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        setDescription('');
        setTags('');
        setEndpoint('');
      },
    });
  };

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
    <form onSubmit={submit} noValidate aria-label="Join an agent" className="flex flex-col gap-4">
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
      <NameField value={name} onChange={setName} error={errors.name} inputRef={nameRef} />
      <Field label="Description" error={errors.description} hint="What it does, for people browsing the directory (at most 500 characters).">
        {({ id, describedBy, invalid }) => (
          <Textarea id={id} aria-describedby={describedBy} aria-invalid={invalid} value={description} onChange={(e) => setDescription(e.target.value)} rows={2} />
        )}
      </Field>
      <Field label="Tags" error={errors.tags} hint="Comma separated, e.g. translator, languages. Others find the agent by tag.">
        {({ id, describedBy, invalid }) => <Input id={id} aria-describedby={describedBy} aria-invalid={invalid} value={tags} onChange={(e) => setTags(e.target.value)} />}
      </Field>
      <Field
        label="Endpoint"
        error={errors.endpoint}
        hint="Optional. The complete URL of the agent's A2A server, path included (used verbatim). It is probed at join: an unreachable URL is refused."
      >
        {({ id, describedBy, invalid }) => (
          <Input id={id} type="url" aria-describedby={describedBy} aria-invalid={invalid} value={endpoint} onChange={(e) => setEndpoint(e.target.value)} placeholder="https://agent.example.com/a2a" />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Reception mode" error={errors.mode} hint={modeInfo[mode].hint}>
          {({ id, describedBy }) => (
            <Select id={id} aria-describedby={describedBy} value={mode} onChange={(e) => setMode(e.target.value as ReceptionMode)}>
              {receptionModes.map((m) => (
                <option key={m} value={m}>
                  {modeInfo[m].label}
                  {m === 'manifest' ? ' (default)' : ''}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Delivery" error={errors.delivery} hint="How pushed messages reach it (open and allowlist modes push).">
          {({ id, describedBy }) => (
            <Select id={id} aria-describedby={describedBy} value={delivery} onChange={(e) => setDelivery(e.target.value as typeof delivery)}>
              <option value="">Automatic (direct when an endpoint is given)</option>
              <option value="direct">Direct to the endpoint</option>
              <option value="relay">Relay (no public URL)</option>
            </Select>
          )}
        </Field>
      </div>
      {errors._ ? <Alert title="The agent was not joined">{errors._}</Alert> : null}
      {join.isError ? <Alert title="The agent was not joined">{errorMessage(join.error)}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" disabled={join.isPending}>
          {join.isPending ? 'Joining…' : 'Join agent'}
        </Button>
      </div>
    </form>
  );
}
