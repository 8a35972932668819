import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../../../components/ui/badge';
import { mayDo } from '../../../../lib/role';
import { RoleButton } from '../../../../components/ui/role-button';
import { Panel } from '../../../../components/ui/card';
import { Field, Input } from '../../../../components/ui/field';
import { Checkbox, ChoiceGroup } from '../../../../components/ui/choices';
import { bff } from '../../../../lib/bff';
import * as agentnetRoutes from '../../../../../contracts/bff-routes/agentnet';
import type { A2aCheckResult, OutboundSetting } from '../../../../../contracts/agentnet/a2a-check';
import { outboundQuery } from '../../api/network';
import { prettyBody } from '../../network-view';
import { WriteError } from './bits';

type Target = 'agent' | 'url';
const isUrl = (s: string) => /^https?:\/\/[^\s]+$/i.test(s.trim());

/** Enter an agent or an endpoint; the console sends a real A2A `message/send` and shows each rule of the reply. */
export function A2aCheck({ initialAgent }: { initialAgent?: string }) {
  const qc = useQueryClient();
  const [target, setTarget] = useState<Target>(initialAgent ? 'agent' : 'url');
  // One value per kind of target: an agent id is not an endpoint URL, so switching does not carry one into the other.
  const [values, setValues] = useState<Record<Target, string>>({ agent: initialAgent ?? '', url: '' });
  const value = values[target];
  const setValue = (v: string) => setValues((all) => ({ ...all, [target]: v }));
  const [touched, setTouched] = useState(false);
  const outbound = useQuery(outboundQuery());
  const setOutbound = useMutation({
    mutationFn: (allowPrivate: boolean) => bff(agentnetRoutes.setOutbound, { body: { allowPrivate } }),
    retry: false,
    onSuccess: (setting) => qc.setQueryData(outboundQuery().queryKey, setting),
  });
  const check = useMutation({
    mutationFn: (body: { agent_id: string } | { url: string }) => bff(agentnetRoutes.a2aCheck, { body }),
    retry: false,
  });
  const problem = !value.trim() ? (target === 'agent' ? 'Name the agent to check.' : 'Enter the endpoint URL.') : target === 'url' && !isUrl(value) ? 'The endpoint must be a complete http(s) URL.' : null;
  const submit = () => {
    setTouched(true);
    if (!problem) check.mutate(target === 'agent' ? { agent_id: value.trim() } : { url: value.trim() });
  };
  return (
    <div className="flex flex-col gap-4 sm:gap-6">
      <Panel title="Check an endpoint">
        <form
          aria-label="A2A check"
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <ChoiceGroup
            legend="Check"
            inline
            value={target}
            onChange={(v) => {
              setTarget(v);
              setTouched(false);
              // The report was of the other target.
              check.reset();
            }}
            options={[
              { value: 'agent', label: 'An agent (its endpoint)' },
              { value: 'url', label: 'An endpoint URL' },
            ]}
          />
          <Field label={target === 'agent' ? 'Agent id' : 'Endpoint URL'} errors={touched ? problem : null} count={{ length: value.length, max: target === 'agent' ? 120 : 2048 }}>
            {({ id, describedBy, invalid }) => (
              <Input id={id} maxLength={target === 'agent' ? 120 : 2048} value={value} onChange={(e) => setValue(e.target.value)} aria-describedby={describedBy} aria-invalid={invalid || undefined} placeholder={target === 'url' ? 'https://agent.example.com/a2a' : ''} />
            )}
          </Field>
          <Checkbox
            label="Allow loopback and private addresses (this console's outbound rule)"
            checked={outbound.data?.allowPrivate ?? false}
            disabled={!outbound.data || setOutbound.isPending || !mayDo('admin')}
            onChange={(e) => setOutbound.mutate(e.target.checked)}
          />
          {outbound.data ? <PrivateSwitch setting={outbound.data} /> : null}
          {setOutbound.isError ? <WriteError title="The outbound rule was not changed" error={setOutbound.error} /> : null}
          <RoleButton needs="operator" type="submit" variant="primary" className="self-end" disabled={check.isPending}>
            {check.isPending ? 'Checking…' : 'Run A2A check'}
          </RoleButton>
          {check.isError ? <WriteError title="The check could not run" error={check.error} /> : null}
        </form>
      </Panel>
      {check.data ? <CheckReport result={check.data} /> : null}
    </div>
  );
}

/** Which switch lets the check reach loopback and private addresses, in words. */
function PrivateSwitch({ setting }: { setting: OutboundSetting }) {
  const text =
    setting.allowedBy === 'environment'
      ? `Private addresses are allowed by ALLOW_PRIVATE_DESTINATIONS=1 on the server${setting.allowPrivate ? '' : ', whatever this box says'}: only a restart without it closes them.`
      : setting.allowedBy === 'setting'
        ? "Private addresses are allowed by this page's setting, for the A2A check only."
        : 'Private addresses are refused: the check reaches https public hosts only.';
  return (
    <p role="status" aria-label="Private addresses" className="text-xs text-muted">
      {text}
    </p>
  );
}

function RuleList({ rules, label }: { rules: A2aCheckResult['rules']; label: string }) {
  return (
    <ol aria-label={label} className="flex flex-col gap-2">
      {rules.map((r, i) => (
        <li key={r.id} className="flex items-start gap-2 text-sm">
          <Badge tone={r.passed === true ? 'success' : r.passed === false ? 'danger' : 'neutral'} className="shrink-0">
            {r.passed === true ? 'Passed' : r.passed === false ? 'Failed' : 'Not checked'}
          </Badge>
          <span className="min-w-0 break-words">
            <span className="font-medium">
              {i + 1}. {r.rule}
            </span>
            <span className="block text-xs text-muted">{r.detail}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

function Raw({ title, text }: { title: string; text: string }) {
  return (
    <details className="min-w-0">
      <summary className="cursor-pointer text-sm font-medium">{title}</summary>
      <pre className="mt-2 max-h-80 overflow-auto rounded bg-surface-2 p-2 text-xs whitespace-pre-wrap break-all" tabIndex={0}>
        {text}
      </pre>
    </details>
  );
}

function CheckReport({ result: r }: { result: A2aCheckResult }) {
  return (
    <Panel title={r.ok ? `A2A v0.3: passed (${r.kind ?? 'reply'})` : 'A2A v0.3: failed'} bodyClassName="flex flex-col gap-4">
      <p className="break-all text-sm text-muted">
        message/send to {r.url}
        {r.reply ? ` · HTTP ${r.reply.status} in ${r.reply.elapsedMs} ms` : ''}
      </p>
      <RuleList rules={r.rules} label="Handshake steps" />
      <Raw title="Request sent" text={`POST ${r.request.url}\n${Object.entries(r.request.headers).map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${prettyBody(r.request.body)}`} />
      <Raw title="Reply received" text={r.reply ? `HTTP ${r.reply.status} ${r.reply.contentType ?? ''}\n\n${prettyBody(r.reply.body)}` : `No reply: ${r.error?.message ?? 'unknown'}`} />
      <h3 className="text-sm font-semibold">Agent card and A2A v1.0</h3>
      <p className="text-sm">
        {r.card.found ? `Card at ${r.card.url}: v0.3 ${r.card.v03 ?? 'not offered'}, v1.0 ${r.card.v10 ?? 'not offered'}.` : `No agent card at ${r.card.url}.`}{' '}
        {r.v1.offered ? `v1.0 SendMessage: ${'ok' in r.v1 && r.v1.ok ? 'passed' : 'failed'}.` : 'The card offers no v1.0 interface, so v1.0 was not checked.'}
      </p>
      {r.v1.offered && 'rules' in r.v1 ? <RuleList rules={r.v1.rules} label="A2A v1.0 steps" /> : null}
    </Panel>
  );
}
