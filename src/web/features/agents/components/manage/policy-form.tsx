import { useState, type FormEvent } from 'react';
import { receptionModes, type Agent, type ReceptionMode } from '../../../../../contracts/agentnet';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Field, Select } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/api';
import type { useAgentSettings } from '../../api/mutations';
import { modeInfo, modeLabel } from '../../view';

/** The reception policy; the service warns what changes when switching to manifest or allowlist. */
export function PolicyForm({ agent, policy }: { agent: Agent; policy: ReturnType<typeof useAgentSettings>['policy'] }) {
  const [mode, setMode] = useState<ReceptionMode>(agent.mode ?? 'manifest');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    policy.mutate({ mode });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Reception policy" className="flex flex-col gap-3">
      <Field label="Reception mode" hint={modeInfo[mode].hint}>
        {({ id, describedBy }) => (
          <Select id={id} aria-describedby={describedBy} value={mode} onChange={(e) => setMode(e.target.value as ReceptionMode)}>
            {receptionModes.map((m) => (
              <option key={m} value={m}>
                {modeInfo[m].label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {policy.isError ? <Alert title="The policy was not changed">{errorMessage(policy.error)}</Alert> : null}
      {policy.isSuccess ? (
        policy.data.warning ? (
          <Alert tone="warning" title={`Reception mode is now ${modeLabel(policy.data.mode)}.`}>
            {policy.data.warning}
          </Alert>
        ) : (
          <Alert tone="success" title={`Reception mode is now ${modeLabel(policy.data.mode)}.`}>
            {policy.data.hint}
          </Alert>
        )
      ) : null}
      {policy.isSuccess && policy.data.warning && policy.data.hint ? <p className="text-sm text-muted">{policy.data.hint}</p> : null}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" disabled={policy.isPending || mode === agent.mode}>
          {policy.isPending ? 'Changing…' : 'Change policy'}
        </Button>
      </div>
    </form>
  );
}
