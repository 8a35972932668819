import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SpendLimits, SpendLimit } from '../../../../../contracts/bff';
import { Button } from '../../../../components/ui/button';
import { Panel } from '../../../../components/ui/card';
import { Field, Input } from '../../../../components/ui/field';
import { Stat } from '../../../../components/ui/stat';
import { api } from '../../../../lib/api';
import { agentKeys } from '../../api/query-keys';
import { WriteError } from './bits';

const capsQuery = () =>
  queryOptions({ queryKey: [...agentKeys.all(), 'spend-caps'] as const, queryFn: ({ signal }) => api('/api/spend/limits', SpendLimits, { signal }).then((r) => r.limits.find((l) => l.service === 'agentnet') ?? null) });

const parseCap = (text: string): number | null | 'bad' => (text.trim() === '' ? null : /^\d+(\.\d+)?$/.test(text.trim()) && Number(text) <= 1e9 ? Number(text) : 'bad');

/** The spend guard of the agent network (per write and per UTC day): payments, escrowed rewards and attention fees count against it. */
export function SpendCaps() {
  const qc = useQueryClient();
  const caps = useQuery(capsQuery());
  const [perWrite, setPerWrite] = useState<string | null>(null);
  const [daily, setDaily] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: { perWrite: number | null; daily: number | null }) => api('/api/spend/limits/agentnet', SpendLimit, { method: 'PUT', json: body }),
    retry: false,
    onSuccess: () => {
      setPerWrite(null);
      setDaily(null);
      return qc.invalidateQueries({ queryKey: capsQuery().queryKey });
    },
  });
  const c = caps.data;
  const pw = perWrite ?? (c?.perWrite != null ? String(c.perWrite) : '');
  const dl = daily ?? (c?.daily != null ? String(c.daily) : '');
  const pwv = parseCap(pw);
  const dlv = parseCap(dl);
  const word = (n: number | null | undefined) => (n == null ? 'No limit' : `${n.toLocaleString('en-US')} ${c?.unit ?? ''}`);
  return (
    <Panel title="Spend limits" bodyClassName="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-3">
        <Stat label="Per payment or fee" value={word(c?.perWrite)} />
        <Stat label="Per UTC day" value={word(c?.daily)} />
      </dl>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="New per-write limit" hint="Empty: no limit." errors={pwv === 'bad' ? 'A number from 0 to 1,000,000,000.' : null}>
          {({ id, describedBy, invalid }) => <Input id={id} inputMode="decimal" maxLength={14} value={pw} onChange={(e) => setPerWrite(e.target.value)} aria-describedby={describedBy} aria-invalid={invalid || undefined} />}
        </Field>
        <Field label="New daily limit" hint="Empty: no limit." errors={dlv === 'bad' ? 'A number from 0 to 1,000,000,000.' : null}>
          {({ id, describedBy, invalid }) => <Input id={id} inputMode="decimal" maxLength={14} value={dl} onChange={(e) => setDaily(e.target.value)} aria-describedby={describedBy} aria-invalid={invalid || undefined} />}
        </Field>
      </div>
      <Button className="self-end" disabled={pwv === 'bad' || dlv === 'bad' || save.isPending || (perWrite === null && daily === null)} onClick={() => pwv !== 'bad' && dlv !== 'bad' && save.mutate({ perWrite: pwv, daily: dlv })}>
        {save.isPending ? 'Saving…' : 'Save limits'}
      </Button>
      {save.isError ? <WriteError title="The limits were not saved" error={save.error} /> : null}
    </Panel>
  );
}
