import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { agentnetOps, paymentMethods } from '../../../../../contracts/agentnet';
import { Button } from '../../../../components/ui/button';
import { Panel } from '../../../../components/ui/card';
import { Field, Input } from '../../../../components/ui/field';
import { Checkbox } from '../../../../components/ui/choices';
import { netQueries, useOpWrite } from '../../api/network';
import { agentKeys } from '../../api/query-keys';
import { formatAmount } from '../../network-view';
import { WriteError } from './bits';

const price = (s: string) => (s.trim() !== '' && /^\d+(\.\d+)?$/.test(s.trim()) && Number(s) <= 1e6 ? Number(s) : null);
const tokens = (s: string) => (s.trim() === '' ? 0 : /^\d+$/.test(s.trim()) && Number(s) <= 1e12 ? Number(s) : null);

/** The acting agent's payment capability and token pricing, and an estimate of a call to any agent. */
export function WalletSettings({ agentId }: { agentId: string }) {
  const refresh = [agentKeys.payments(agentId)];
  const capability = useOpWrite(agentnetOps['wallet.capability.set'], agentId, refresh);
  const pricing = useOpWrite(agentnetOps['wallet.pricing.set'], agentId, refresh);
  const estimate = useOpWrite(agentnetOps['wallet.estimate'], agentId, []);
  // The boxes start from what the wallet has saved (not from a guess), until the operator changes them.
  const wallet = useQuery(netQueries.wallet(agentId));
  const [edited, setEdited] = useState<{ methods: string[]; accepts: boolean } | null>(null);
  const methods = edited?.methods ?? wallet.data?.methods ?? [];
  const accepts = edited?.accepts ?? wallet.data?.accepts ?? false;
  const setMethods = (change: (l: string[]) => string[]) => setEdited({ methods: change(methods), accepts });
  const setAccepts = (on: boolean) => setEdited({ methods, accepts: on });
  const [input, setInput] = useState('');
  const [output, setOutput] = useState('');
  const [target, setTarget] = useState(agentId);
  const [inTok, setInTok] = useState('1000');
  const [outTok, setOutTok] = useState('500');
  const inP = price(input);
  const outP = price(output);
  const inT = tokens(inTok);
  const outT = tokens(outTok);
  const failed = capability.error ?? pricing.error ?? estimate.error;
  return (
    <Panel title="Wallet settings and estimate" bodyClassName="flex flex-col gap-3">
      <fieldset className="flex min-w-0 flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">Methods it accepts</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {paymentMethods.map((m) => (
            <Checkbox key={m} label={m.replace(/_/g, ' ')} checked={methods.includes(m)} onChange={(e) => setMethods((l) => (e.target.checked ? [...l, m] : l.filter((x) => x !== m)))} />
          ))}
        </div>
      </fieldset>
      <Checkbox label="Accepts payments" checked={accepts} onChange={(e) => setAccepts(e.target.checked)} />
      <Button className="self-start" disabled={capability.isPending || !wallet.data} onClick={() => capability.mutate({ params: { id: agentId }, body: { supported_methods: methods, accepts_payment: accepts } })}>
        Save capability
      </Button>
      {capability.isSuccess ? <p role="status" className="text-sm text-success">Capability saved.</p> : null}
      <div className="grid grid-cols-1 items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
        <Field label="USD per million input tokens" errors={input && inP === null ? 'A price from 0 to 1,000,000.' : null}>
          {({ id, describedBy, invalid }) => <Input id={id} inputMode="decimal" maxLength={12} value={input} onChange={(e) => setInput(e.target.value)} aria-describedby={describedBy} aria-invalid={invalid || undefined} />}
        </Field>
        <Field label="USD per million output tokens" errors={output && outP === null ? 'A price from 0 to 1,000,000.' : null}>
          {({ id, describedBy, invalid }) => <Input id={id} inputMode="decimal" maxLength={12} value={output} onChange={(e) => setOutput(e.target.value)} aria-describedby={describedBy} aria-invalid={invalid || undefined} />}
        </Field>
        <Button disabled={inP === null || outP === null || pricing.isPending} onClick={() => inP !== null && outP !== null && pricing.mutate({ params: { id: agentId }, body: { input_price_per_million: inP, output_price_per_million: outP, currency: 'USD' } })}>
          Save pricing
        </Button>
      </div>
      {pricing.isSuccess ? <p role="status" className="text-sm text-success">Pricing saved.</p> : null}
      <div className="grid grid-cols-1 items-end gap-2 sm:grid-cols-3">
        <Field label="Estimate for agent (id)">{({ id }) => <Input id={id} maxLength={120} value={target} onChange={(e) => setTarget(e.target.value)} />}</Field>
        <Field label="Input tokens" errors={inT === null ? 'A whole number of tokens.' : null}>
          {({ id, describedBy, invalid }) => <Input id={id} inputMode="numeric" maxLength={13} value={inTok} onChange={(e) => setInTok(e.target.value)} aria-describedby={describedBy} aria-invalid={invalid || undefined} />}
        </Field>
        <Field label="Output tokens" errors={outT === null ? 'A whole number of tokens.' : null}>
          {({ id, describedBy, invalid }) => <Input id={id} inputMode="numeric" maxLength={13} value={outTok} onChange={(e) => setOutTok(e.target.value)} aria-describedby={describedBy} aria-invalid={invalid || undefined} />}
        </Field>
      </div>
      <Button
        className="self-start"
        disabled={!target.trim() || inT === null || outT === null || estimate.isPending}
        onClick={() => inT !== null && outT !== null && estimate.mutate({ body: { agent_id: target.trim(), estimated_input_tokens: inT, estimated_output_tokens: outT } })}
      >
        Estimate
      </Button>
      {estimate.data ? (
        <p role="status" className="text-sm">
          {formatAmount(estimate.data.totalUsd, 'USD')} ({formatAmount(estimate.data.totalCredits, 'credits')}), of which the network fee {formatAmount(estimate.data.networkFeeUsd, 'USD')}.{estimate.data.note ? ` ${estimate.data.note}` : ''}
        </p>
      ) : null}
      {failed ? <WriteError title="That did not go through" error={failed} /> : null}
    </Panel>
  );
}
