import { EndpointPatch, type Agent } from '../../../../../contracts/agentnet';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { RoleButton } from '../../../../components/ui/role-button';
import { errorMessage } from '../../../../lib/api';
import type { useAgentSettings } from '../../api/mutations';
import { ProbeResult } from '../probe-result';

/** The A2A endpoint: probed on save; the answer says whether it is an A2A server. */
export function EndpointForm({ agent, endpoint }: { agent: Agent; endpoint: ReturnType<typeof useAgentSettings>['endpoint'] }) {
  const { form, formProps, showServerErrors } = useContractForm({
    schema: EndpointPatch,
    defaultValues: { endpoint: agent.endpoint ?? '' },
    toBody: (v) => ({ endpoint: v.endpoint.trim() }),
    labels: { endpoint: 'Endpoint' },
    onEdit: () => {
      if (!endpoint.isPending) endpoint.reset();
    },
    onValid: (body) => endpoint.mutate(body.endpoint, { onError: showServerErrors }),
  });
  const remove = () => {
    form.setFieldValue('endpoint', '');
    endpoint.mutate(null, { onError: showServerErrors });
  };
  return (
    <form {...formProps} aria-label="Endpoint" className="flex flex-col gap-3">
      <form.AppField name="endpoint">
        {(f) => <f.TextField label="Endpoint URL" type="url" placeholder="https://agent.example.com/a2a" hint="Complete URL of the agent's A2A server, path included. It must answer HTTP." />}
      </form.AppField>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {endpoint.isError ? <Alert title="The endpoint was not changed">{errorMessage(endpoint.error)}</Alert> : null}
      {endpoint.isSuccess ? <ProbeResult answer={endpoint.data} what="Endpoint" /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button disabled={endpoint.isPending || !agent.endpoint} onClick={remove}>
          Remove endpoint
        </Button>
        <RoleButton needs="operator" type="submit" variant="primary" disabled={endpoint.isPending}>
          {endpoint.isPending ? 'Probing…' : 'Save and probe'}
        </RoleButton>
      </div>
    </form>
  );
}
