import { useStore } from '@tanstack/react-form';
import { PolicyPatch, receptionModes, type Agent, type ReceptionMode } from '../../../../../contracts/agentnet';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Alert } from '../../../../components/ui/alert';
import { RoleButton } from '../../../../components/ui/role-button';
import { errorMessage } from '../../../../lib/api';
import type { useAgentSettings } from '../../api/mutations';
import { modeInfo, modeLabel } from '../../view';

const modes = receptionModes.map((m) => ({ value: m, label: modeInfo[m].label }));

/** The reception policy; the service warns what changes when switching to manifest or allowlist. */
export function PolicyForm({ agent, policy }: { agent: Agent; policy: ReturnType<typeof useAgentSettings>['policy'] }) {
  const { form, formProps, showServerErrors } = useContractForm({
    schema: PolicyPatch,
    defaultValues: { mode: (agent.mode ?? 'manifest') as ReceptionMode },
    toBody: (v) => ({ mode: v.mode }),
    labels: { mode: 'Reception mode' },
    onEdit: () => {
      if (!policy.isPending) policy.reset();
    },
    onValid: (body) => policy.mutate(body, { onError: showServerErrors }),
  });
  const mode = useStore(form.store, (s) => s.values.mode);
  return (
    <form {...formProps} aria-label="Reception policy" className="flex flex-col gap-3">
      <form.AppField name="mode">{(f) => <f.SelectField label="Reception mode" hint={modeInfo[mode].hint} options={modes} />}</form.AppField>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {policy.isError ? <Alert title="The policy was not changed">{errorMessage(policy.error)}</Alert> : null}
      {policy.isSuccess ? (
        <Alert tone={policy.data.warning ? 'warning' : 'success'} title={`Reception mode is now ${modeLabel(policy.data.mode)}.`}>
          {policy.data.warning ?? policy.data.hint}
          {policy.data.warning && policy.data.hint ? <span className="mt-1 block">{policy.data.hint}</span> : null}
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <RoleButton needs="operator" type="submit" variant="primary" disabled={policy.isPending || mode === agent.mode}>
          {policy.isPending ? 'Changing…' : 'Change policy'}
        </RoleButton>
      </div>
    </form>
  );
}
