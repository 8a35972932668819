import { SandboxCreditsBody } from '../../../../contracts/bff-bodies';
import type { ServiceId } from '../../../../contracts/services';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Alert } from '../../../components/ui/alert';
import { RoleButton } from '../../../components/ui/role-button';
import { errorMessage } from '../../../lib/api';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { useSandboxControls } from '../api/sandbox';
import { countOf } from '../../../lib/plural';

const withCredits: ServiceId[] = ['gen3d', 'social'];
const resetSays: Record<ServiceId, string> = {
  gen3d: 'The sandbox forgets its 3D tasks (running ones stop) and the balance goes back to 1,000 credits. The console keeps its own list and its copies of the files.',
  social: 'The social sandbox forgets its extractions, monitors and their events, webhooks, draws and the connected account’s posts, likes and messages, and its credits go back to 10,000. Its generated posts and users stay as they are.',
  agentnet: 'Every agent and subnet made in the sandbox is deleted, the seeded directory comes back, and the console forgets the keys of the sandbox agents it held.',
};

/** The offline mode's controls: top up or reset the sandbox's credits, or reset the service's sandbox. */
export function SandboxControls({ service, label }: { service: ServiceId; label: string }) {
  const { credits, reset } = useSandboxControls(service);
  const { form, formProps, showServerErrors } = useContractForm({
    schema: SandboxCreditsBody,
    defaultValues: { amount: '500' },
    toBody: (v) => ({ action: 'top-up', amount: v.amount.trim() === '' ? Number.NaN : Number(v.amount) }),
    labels: { amount: 'Credits to add' },
    onEdit: () => {
      if (!credits.isPending) credits.reset();
    },
    onValid: (body) => credits.mutate(body, { onError: showServerErrors }),
  });
  const hasCredits = withCredits.includes(service);
  return (
    <section aria-label={`${label} sandbox controls`} className="flex flex-col gap-3 rounded-md border border-dashed border-border p-3">
      <h3 className="text-sm font-semibold">Sandbox controls</h3>
      {hasCredits ? (
        <form {...formProps} aria-label={`Top up ${label} sandbox credits`} className="flex flex-wrap items-start gap-2">
          <form.AppField name="amount">{(f) => <f.TextField label="Credits to add" inputMode="numeric" className="w-40" />}</form.AppField>
          <RoleButton needs="operator" type="submit" className="sm:mt-6" disabled={credits.isPending}>
            Top up
          </RoleButton>
          <ConfirmButton
            needs="operator"
            className="sm:mt-6"
            label="Reset credits"
            question={`Set the ${label} sandbox’s credits back to the starting balance?`}
            confirmLabel="Reset credits"
            disabled={credits.isPending}
            onConfirm={() => credits.mutate({ action: 'reset' })}
          />
          <div className="basis-full">
            <form.AppForm>
              <form.FormErrors />
            </form.AppForm>
          </div>
        </form>
      ) : (
        <p className="text-sm text-muted">The agent network sandbox keeps no credits.</p>
      )}
      {credits.isSuccess ? <Alert tone="success" title={`The ${label} sandbox balance is now ${countOf(credits.data.balance, 'credit')}.`} /> : null}
      {credits.isError ? <Alert title="The credits were not changed">{errorMessage(credits.error)}</Alert> : null}
      <ConfirmButton needs="admin" label={`Reset the ${label} sandbox`} question={resetSays[service]} confirmLabel="Reset the sandbox" disabled={reset.isPending} onConfirm={() => reset.mutate()} />
      {reset.isSuccess ? (
        <Alert tone="success" title={`The ${label} sandbox was reset.`}>
          {reset.data.balance !== null ? `Balance ${countOf(reset.data.balance, 'credit')}.` : null}
        </Alert>
      ) : null}
      {reset.isError ? <Alert title="The sandbox was not reset">{errorMessage(reset.error)}</Alert> : null}
    </section>
  );
}
