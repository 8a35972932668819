import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { agentnetOps, SESSION_TTL } from '../../../../../contracts/agentnet';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Panel } from '../../../../components/ui/card';
import { Field, Input } from '../../../../components/ui/field';
import { Textarea } from '../../../../components/ui/textarea';
import { ChoiceGroup } from '../../../../components/ui/choices';
import { followsQuery, useOpWrite } from '../../api/network';
import { agentKeys } from '../../api/query-keys';
import { parseTags } from '../../view';
import { PagedList, SpendConfirm, WriteError, type SpendAsk } from './bits';

type Kind = 'notify' | 'broadcast' | 'session';
const isUrl = (s: string) => /^https?:\/\/\S+$/i.test(s.trim());

/**
 * Notify-only entries (only to agents whose policy takes them; a fee is confirmed first),
 * broadcasts (optionally by tag) and session invitations, as the acting agent.
 */
export function OtherSends({ agentId }: { agentId: string }) {
  const refresh = [agentKeys.inbox(agentId)];
  const notify = useOpWrite(agentnetOps['messages.notify'], agentId, refresh);
  const broadcast = useOpWrite(agentnetOps['messages.broadcast'], agentId, refresh);
  const byTag = useOpWrite(agentnetOps['messages.broadcastByTag'], agentId, refresh);
  const invite = useOpWrite(agentnetOps['sessions.invite'], agentId, refresh);
  const [kind, setKind] = useState<Kind>('notify');
  const [to, setTo] = useState('');
  const [summary, setSummary] = useState('');
  const [type, setType] = useState('');
  const [url, setUrl] = useState('');
  const [fee, setFee] = useState('');
  const [text, setText] = useState('');
  const [tags, setTags] = useState('');
  const [ttl, setTtl] = useState(String(SESSION_TTL.default));
  const [ask, setAsk] = useState<{ spend: SpendAsk; body: unknown } | null>(null);
  const ttlN = Number(ttl);
  const feeN = Number(fee);
  const problem =
    kind === 'notify'
      ? !to.trim() ? 'Name the recipient.' : !summary.trim() ? 'Write a summary.' : url.trim() && !isUrl(url) ? 'The content URL must be a complete http(s) URL.' : fee.trim() && !(Number.isInteger(feeN) && feeN >= 1 && feeN <= 1000) ? 'The attention fee is 1 to 1000 credits.' : null
      : kind === 'broadcast'
        ? !text.trim() ? 'Write the message.' : null
        : !to.trim() ? 'Name the agent to invite.' : !(Number.isInteger(ttlN) && ttlN >= SESSION_TTL.min && ttlN <= SESSION_TTL.max) ? `The time to live is ${SESSION_TTL.min} to ${SESSION_TTL.max} seconds.` : null;
  const [tried, setTried] = useState(false);
  const write = kind === 'notify' ? notify : kind === 'session' ? invite : tags.trim() ? byTag : broadcast;
  const sendNotify = (body: unknown) => notify.mutate({ body });
  const submit = () => {
    setTried(true);
    if (problem) return;
    if (kind === 'notify') {
      const body = { target_agent: to.trim(), summary: summary.trim(), ...(type.trim() ? { message_type: type.trim() } : {}), ...(url.trim() ? { content_url: url.trim() } : {}), ...(fee.trim() ? { attention_fee: { amount: feeN, currency: 'credits' } } : {}) };
      if (fee.trim()) setAsk({ spend: { amount: feeN, currency: 'credits', what: `the attention fee of a notification to ${to.trim()}, released when it acknowledges, refunded if it deletes` }, body });
      else sendNotify(body);
    } else if (kind === 'broadcast') {
      if (tags.trim()) byTag.mutate({ body: { tags: parseTags(tags), message: text } });
      else broadcast.mutate({ body: { message: text } });
    } else invite.mutate({ params: { target: to.trim() }, body: { ttl_seconds: ttlN } });
  };
  return (
    <Panel title="Notify, broadcast, invite" bodyClassName="flex flex-col gap-3">
      <ChoiceGroup
        legend="Send"
        inline
        value={kind}
        onChange={(k) => {
          setKind(k);
          setTried(false);
          setAsk(null);
        }}
        options={[
          { value: 'notify', label: 'Notification' },
          { value: 'broadcast', label: 'Broadcast' },
          { value: 'session', label: 'Session invite' },
        ]}
      />
      {kind !== 'broadcast' ? (
        <Field label="Recipient (agent id)">{({ id }) => <Input id={id} maxLength={120} value={to} onChange={(e) => setTo(e.target.value)} />}</Field>
      ) : null}
      {kind === 'notify' ? (
        <>
          <Field label="Summary" count={{ length: summary.length, max: 500 }}>{({ id }) => <Input id={id} maxLength={500} value={summary} onChange={(e) => setSummary(e.target.value)} />}</Field>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Field label="Type">{({ id }) => <Input id={id} maxLength={40} value={type} onChange={(e) => setType(e.target.value)} placeholder="report" />}</Field>
            <Field label="Attention fee (credits)">{({ id }) => <Input id={id} inputMode="numeric" maxLength={4} value={fee} onChange={(e) => setFee(e.target.value)} />}</Field>
          </div>
          <Field label="Content URL">{({ id }) => <Input id={id} maxLength={2048} value={url} onChange={(e) => setUrl(e.target.value)} />}</Field>
        </>
      ) : kind === 'broadcast' ? (
        <>
          <Field label="Broadcast message" count={{ length: text.length, max: 20_000 }}>{({ id }) => <Textarea id={id} rows={2} maxLength={20_000} value={text} onChange={(e) => setText(e.target.value)} />}</Field>
          <Field label="Only to agents with tags" hint="Comma separated; empty: every agent the service allows.">{({ id, describedBy }) => <Input id={id} maxLength={700} value={tags} onChange={(e) => setTags(e.target.value)} aria-describedby={describedBy} />}</Field>
        </>
      ) : (
        <Field label="Time to live (seconds)" hint={`${SESSION_TTL.min} to ${SESSION_TTL.max}; the invite expires after it.`}>
          {({ id, describedBy }) => <Input id={id} inputMode="numeric" maxLength={4} value={ttl} onChange={(e) => setTtl(e.target.value)} aria-describedby={describedBy} />}
        </Field>
      )}
      {tried && problem ? (
        <p role="alert" className="text-xs font-medium text-danger">
          {problem}
        </p>
      ) : null}
      {ask ? (
        <SpendConfirm
          ask={ask.spend}
          pending={notify.isPending}
          onCancel={() => setAsk(null)}
          onConfirm={() => {
            sendNotify(ask.body);
            setAsk(null);
          }}
        />
      ) : null}
      <Button variant="primary" className="self-end" disabled={write.isPending || !!ask} onClick={submit}>
        {kind === 'notify' ? 'Send notification' : kind === 'broadcast' ? 'Broadcast' : 'Invite to a session'}
      </Button>
      {write.isError ? <WriteError title="Nothing was sent" error={write.error} /> : null}
      {write.isSuccess ? <Alert tone="success" title="Sent.">{kind === 'session' ? `The invite ${invite.data?.id ?? ''} waits for an answer until it expires; close it by its id under Sessions once it is accepted.` : kind === 'broadcast' ? 'The service fans it out to the agents that take it.' : 'It is in the recipient’s manifest queue.'}</Alert> : null}
    </Panel>
  );
}

/** Who the acting agent follows and who follows it; follow or unfollow by id. */
export function Follows({ agentId }: { agentId: string }) {
  const key = [...agentKeys.inbox(agentId), 'follows'] as const;
  const following = useQuery(followsQuery(agentId, 'following'));
  const followers = useQuery(followsQuery(agentId, 'followers'));
  const follow = useOpWrite(agentnetOps['follows.add'], agentId, [key]);
  const unfollow = useOpWrite(agentnetOps['follows.remove'], agentId, [key]);
  const [target, setTarget] = useState('');
  return (
    <Panel title="Follows" bodyClassName="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <Field label="Agent id to follow" className="min-w-0 flex-1">
          {({ id }) => <Input id={id} maxLength={120} value={target} onChange={(e) => setTarget(e.target.value)} />}
        </Field>
        <Button disabled={!target.trim() || follow.isPending} onClick={() => follow.mutate({ params: { id: agentId, target: target.trim() }, body: {} }, { onSuccess: () => setTarget('') })}>
          Follow
        </Button>
      </div>
      {follow.error ?? unfollow.error ? <WriteError title="Not changed" error={follow.error ?? unfollow.error} /> : null}
      <h3 className="text-sm font-semibold">Following</h3>
      <PagedList
        items={following.data ?? []}
        label="Following"
        noun="agents"
        empty="Nobody."
        getKey={(a) => a.id}
        render={(a) => (
          <div className="flex items-center justify-between gap-2 py-1">
            <span className="min-w-0 truncate text-sm" title={a.id}>
              {a.name}
            </span>
            <Button size="sm" onClick={() => unfollow.mutate({ params: { id: agentId, target: a.id } })}>
              Unfollow
            </Button>
          </div>
        )}
      />
      <h3 className="text-sm font-semibold">Followers</h3>
      <PagedList items={followers.data ?? []} label="Followers" noun="agents" empty="Nobody." getKey={(a) => a.id} render={(a) => <span className="block truncate py-1 text-sm" title={a.id}>{a.name}</span>} />
    </Panel>
  );
}
