import { useQuery } from '@tanstack/react-query';
import type { SpendLimit } from '../../../../contracts/spend';
import { PutSpendLimitBody } from '../../../../contracts/bff-bodies';
import { services, type ServiceId } from '../../../../contracts/services';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Alert } from '../../../components/ui/alert';
import { RoleButton } from '../../../components/ui/role-button';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-extra';
import { spendQueries, useSetSpendLimit } from '../api/queries';
import { readLimit } from '../view';

type Values = { daily: string; perWrite: string };
const labels = { daily: 'Daily limit', perWrite: 'Per-write limit' };
const shown = (n: number | null) => (n === null ? '' : String(n));

function LimitsForm({ limit }: { limit: SpendLimit }) {
  const set = useSetSpendLimit(limit.service);
  const unit = limit.unit;
  // Text that does not read as an amount is left out of the body (the rule below names it beside its field).
  const toBody = (v: Values) => {
    const body: Record<string, number | null | string> = { unit };
    for (const k of ['daily', 'perWrite'] as const) {
      const r = readLimit(v[k], labels[k], unit);
      if (r.ok) body[k] = r.value;
    }
    return body;
  };
  const { form, formProps, showServerErrors } = useContractForm({
    schema: PutSpendLimitBody,
    defaultValues: { daily: shown(limit.daily), perWrite: shown(limit.perWrite) } as Values,
    toBody,
    labels,
    also: (v) => {
      const errors: Record<string, string> = {};
      for (const k of ['daily', 'perWrite'] as const) {
        const r = readLimit(v[k], labels[k], unit);
        if (!r.ok) errors[k] = r.message;
      }
      return Object.keys(errors).length ? errors : undefined;
    },
    onEdit: () => {
      if (!set.isPending) set.reset();
    },
    onValid: (body) => set.mutate(body, { onError: showServerErrors }),
  });
  const name = services[limit.service].label;
  return (
    <form {...formProps} className="flex flex-col gap-3" aria-label={`${name} spend limits in ${unit}`}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <form.AppField name="daily">
          {(f) => <f.TextField label={`Daily limit (${unit})`} inputMode="decimal" maxLength={16} hint="Per UTC day; empty for no limit." />}
        </form.AppField>
        <form.AppField name="perWrite">
          {(f) => <f.TextField label={`Per-write limit (${unit})`} inputMode="decimal" maxLength={16} hint="A price range counts at its upper end; empty for no limit." />}
        </form.AppField>
      </div>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {set.isError ? <Alert title="The limits were not saved">{errorMessage(set.error)}</Alert> : null}
      {set.isSuccess ? (
        <p role="status" className="text-sm text-success">
          Saved. {set.data.daily === null ? 'No daily limit' : `Daily limit ${set.data.daily} ${unit}`}; {set.data.perWrite === null ? 'no per-write limit' : `per write ${set.data.perWrite} ${unit}`}.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-muted">{limit.updatedAt ? `Last changed ${formatDateTime(limit.updatedAt)}` : 'No limits set yet'}</span>
        <RoleButton needs="admin" type="submit" disabled={set.isPending}>
          {set.isPending ? 'Saving…' : `Save ${name} limits in ${unit}`}
        </RoleButton>
      </div>
    </form>
  );
}

/**
 * A service's spend limits: a write that would pass the daily or per-write limit is refused by
 * the console's server, with the figures, before anything is sent.
 */
export function SpendLimits({ service }: { service: ServiceId }) {
  const limits = useQuery(spendQueries.limits());
  // One pair per unit the service spends in (agent payments: one per currency).
  const mine = limits.data?.filter((l) => l.service === service) ?? [];
  return (
    <section aria-label={`${services[service].label} spend limits`} className="flex flex-col gap-2 border-t border-border pt-4">
      <h3 className="font-medium">Spend limits</h3>
      <p className="text-sm text-muted">A write that would pass a limit is refused before anything is sent, with the figures. Sandbox spend counts apart from live spend.</p>
      {limits.isError ? (
        <Alert title="The limits could not be read">{errorMessage(limits.error)}</Alert>
      ) : mine.length ? (
        mine.map((l) => <LimitsForm key={l.unit} limit={l} />)
      ) : (
        <p className="text-sm text-muted">Reading the limits…</p>
      )}
    </section>
  );
}
