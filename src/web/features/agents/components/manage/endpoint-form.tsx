import { useState, type FormEvent } from 'react';
import { EndpointPatch, type Agent } from '../../../../../contracts/agentnet';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Field, Input } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/api';
import type { useAgentSettings } from '../../api/mutations';
import { issuesByField } from '../../view';
import { ProbeResult } from '../probe-result';

/** The A2A endpoint: probed on save; the answer says whether it is an A2A server. */
export function EndpointForm({ agent, endpoint }: { agent: Agent; endpoint: ReturnType<typeof useAgentSettings>['endpoint'] }) {
  const [url, setUrl] = useState(agent.endpoint ?? '');
  const [error, setError] = useState<string | null>(null);

  const send = (value: string | null) => {
    const parsed = EndpointPatch.safeParse({ endpoint: value });
    if (!parsed.success) return setError(issuesByField(parsed.error.issues).endpoint ?? 'The endpoint is not valid.');
    setError(null);
    endpoint.mutate(parsed.data.endpoint);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(url.trim());
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Endpoint" className="flex flex-col gap-3">
      <Field label="Endpoint URL" error={error} hint="Complete URL of the agent's A2A server, path included. It must answer HTTP.">
        {({ id, describedBy, invalid }) => (
          <Input id={id} type="url" aria-describedby={describedBy} aria-invalid={invalid} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://agent.example.com/a2a" />
        )}
      </Field>
      {endpoint.isError ? <Alert title="The endpoint was not changed">{errorMessage(endpoint.error)}</Alert> : null}
      {endpoint.isSuccess ? <ProbeResult answer={endpoint.data} what="Endpoint" /> : null}
      <div className="flex justify-end gap-2">
        <Button disabled={endpoint.isPending || !agent.endpoint} onClick={() => send(null)}>
          Remove endpoint
        </Button>
        <Button type="submit" variant="primary" disabled={endpoint.isPending}>
          {endpoint.isPending ? 'Probing…' : 'Save and probe'}
        </Button>
      </div>
    </form>
  );
}
