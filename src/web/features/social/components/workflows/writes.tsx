import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState, type ReactNode } from 'react';
import { DmSend, IDEMPOTENCY_HEADER, socialOps, TweetCreate, type WriteAction } from '../../../../../contracts/social';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { RoleButton } from '../../../../components/ui/role-button';
import { ConfirmButton } from '../../../../components/ui/confirm-button';
import { ApiRequestError, errorMessage } from '../../../../lib/api';
import { useServiceMode } from '../../../../lib/connections';
import { callOperation } from '../../../../lib/operation';
import { wfQueries } from '../../api/workflows';
import { newIdempotencyKey } from '../../workflows';

type WriteOp = keyof typeof socialOps &
  ('tweets.create' | 'tweets.like' | 'tweets.unlike' | 'tweets.repost' | 'tweets.unrepost' | 'tweets.bookmark' | 'tweets.unbookmark' | 'users.follow' | 'users.unfollow' | 'dm.send');
type WriteCall = { op: WriteOp; params?: Record<string, string>; body?: Record<string, unknown> };

const words: Record<string, string> = {
  create_tweet: 'Published',
  like: 'Liked',
  unlike: 'Like removed',
  retweet: 'Reposted',
  unretweet: 'Repost undone',
  bookmark: 'Bookmarked',
  unbookmark: 'Bookmark removed',
  follow: 'Followed',
  unfollow: 'Unfollowed',
  send_dm: 'Message sent',
};

/** The connected account the writes act as; null with the reason when there is none. */
export function useConnectedAccount() {
  const q = useQuery(wfQueries.account());
  const name = q.data?.xUsername ?? null;
  return { account: name, loading: q.isPending, error: q.error };
}

/**
 * An account write: the connected account in the body, an Idempotency-Key per action (the same
 * key again only to retry that action after an uncertain failure, so it is never done twice).
 */
export function useWrite() {
  const { account, loading } = useConnectedAccount();
  const key = useRef<{ call: string; key: string } | null>(null);
  const m = useMutation({
    mutationFn: (c: WriteCall) => {
      if (!account) throw new Error('no connected account');
      const body = { account: `@${account}`, ...c.body };
      const id = JSON.stringify([c.op, c.params, body]);
      if (key.current?.call !== id) key.current = { call: id, key: newIdempotencyKey() };
      return callOperation(socialOps[c.op], { params: c.params, body, headers: { [IDEMPOTENCY_HEADER]: key.current.key } });
    },
    onSuccess: () => {
      key.current = null;
    },
    onError: (err) => {
      // A refusal (4xx) is final: the next try is a new action. A lost answer keeps its key.
      if (err instanceof ApiRequestError && err.status >= 400 && err.status < 500) key.current = null;
    },
  });
  const mode = useServiceMode('social');
  /** What a write reaches, said in its question: a real account only when the console is live. */
  const reach = mode === 'sandbox' ? "The sandbox's account: nothing reaches the real service." : 'This acts on a real account.';
  return { ...m, account, accountLoading: loading, reach, live: mode !== 'sandbox' };
}

export function WriteOutcome({ write }: { write: { isError: boolean; error: unknown; isSuccess: boolean; data?: WriteAction | undefined } }) {
  if (write.isError) return <Alert title="Not done">{errorMessage(write.error)}</Alert>;
  if (write.isSuccess && write.data)
    return (
      <Alert tone="success" title={`${words[write.data.action] ?? write.data.action}${write.data.replayed ? ' (already done: the same action was not repeated)' : ''}`}>
        Write action {write.data.id}: {write.data.status}.
      </Alert>
    );
  return null;
}

/** Why writes cannot be offered, when they cannot. */
export function NoAccount({ account, loading }: { account: string | null; loading: boolean }) {
  if (account || loading) return null;
  return (
    <Alert tone="info" title="No account is connected">
      Writes act as an account connected to the API key: connect one in the service’s dashboard (Account → Connected X accounts).
    </Alert>
  );
}

/** A write button that asks first: these act on an account (a real one when the console is live). */
function Act({ label, question, write, call, disabled }: { label: string; question: ReactNode; write: ReturnType<typeof useWrite>; call: WriteCall; disabled?: boolean }) {
  return <ConfirmButton label={label} question={question} confirmLabel={`Yes, ${label.toLowerCase()}`} disabled={disabled || write.isPending || !write.account} onConfirm={() => write.mutate(call)} />;
}

/** Like, repost, bookmark (and undo them), reply: on a post's page. */
export function PostActions({ postId }: { postId: string }) {
  const write = useWrite();
  const as = write.account ? `@${write.account}` : 'the connected account';
  const p = { id: postId };
  return (
    <section aria-label="Act on this post" className="flex flex-col gap-3 p-4">
      <NoAccount account={write.account} loading={write.accountLoading} />
      <div className="flex flex-wrap gap-2">
        <Act label="Like" question={`Like this post as ${as}? ${write.reach}`} write={write} call={{ op: 'tweets.like', params: p }} />
        <Act label="Unlike" question={`Remove ${as}’s like of this post?`} write={write} call={{ op: 'tweets.unlike', params: p }} />
        <Act label="Repost" question={`Repost this post as ${as}? Its followers will see it.`} write={write} call={{ op: 'tweets.repost', params: p }} />
        <Act label="Undo repost" question={`Undo ${as}’s repost of this post?`} write={write} call={{ op: 'tweets.unrepost', params: p }} />
        <Act label="Bookmark" question={`Bookmark this post for ${as}?`} write={write} call={{ op: 'tweets.bookmark', params: p }} />
        <Act label="Remove bookmark" question={`Remove ${as}’s bookmark of this post?`} write={write} call={{ op: 'tweets.unbookmark', params: p }} />
      </div>
      <WriteOutcome write={write} />
      <ComposeForm replyTo={postId} />
    </section>
  );
}

/** Follow, unfollow, message: on a user's page. */
export function UserActions({ user }: { user: string }) {
  const write = useWrite();
  const as = write.account ? `@${write.account}` : 'the connected account';
  const self = !!write.account && write.account.toLowerCase() === user.toLowerCase();
  return (
    <section aria-label="Act on this user" className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Act label="Follow" question={`Follow @${user} as ${as}? ${write.reach}`} write={write} call={{ op: 'users.follow', params: { user } }} disabled={self} />
        <Act label="Unfollow" question={`Unfollow @${user} as ${as}?`} write={write} call={{ op: 'users.unfollow', params: { user } }} disabled={self} />
        <Link to="/social/compose" search={{ to: user }} className="self-center text-sm text-accent hover:underline">
          Message @{user}
        </Link>
      </div>
      {self ? <p className="text-xs text-muted">This is the connected account itself: it cannot follow itself.</p> : null}
      <WriteOutcome write={write} />
    </section>
  );
}

/** The question before a write that a form made: Confirm sends it, Cancel keeps the text. */
function AskFirst({ question, confirmLabel, onConfirm, onCancel }: { question: string; confirmLabel: string; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div role="group" aria-label="Confirm" className="flex flex-col gap-2 rounded border border-border bg-surface-2 p-3">
      <p className="text-sm">{question}</p>
      <div className="flex gap-2">
        <Button variant="primary" size="sm" autoFocus onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

type PostValues = { text: string; long: boolean };

/** Publish a post, or reply to one, as the connected account (checked, then confirmed). */
export function ComposeForm({ replyTo }: { replyTo?: string }) {
  const write = useWrite();
  const [ask, setAsk] = useState<WriteCall | null>(null);
  const { form, formProps, showServerErrors } = useContractForm({
    schema: TweetCreate,
    defaultValues: { text: '', long: false } as PostValues,
    toBody: (v: PostValues) => ({ account: '@me', text: v.text.trim(), ...(v.long ? { is_note_tweet: true } : {}), ...(replyTo ? { reply_to_tweet_id: replyTo } : {}) }),
    rename: { is_note_tweet: 'long' },
    labels: { text: replyTo ? 'Reply' : 'Post' },
    onEdit: () => {
      write.reset();
      setAsk(null);
    },
    onValid: (body) => {
      const { account: _account, ...rest } = body;
      void _account;
      setAsk({ op: 'tweets.create', body: rest });
    },
  });
  return (
    <form {...formProps} aria-label={replyTo ? 'Reply to this post' : 'Publish a post'} className="flex flex-col gap-2">
      <form.Subscribe selector={(s) => s.values.long}>
        {(long) => (
          <form.AppField name="text">
            {(f) => <f.TextAreaField label={replyTo ? 'Reply' : 'Post'} rows={3} max={long ? 25_000 : 280} maxLength={long ? 25_000 : 280} hint={`Published as ${write.account ? `@${write.account}` : 'the connected account'}. ${write.reach}`} />}
          </form.AppField>
        )}
      </form.Subscribe>
      {!replyTo ? <form.AppField name="long">{(f) => <f.CheckboxField label="Long post (up to 25,000 characters)" />}</form.AppField> : null}
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      <WriteOutcome write={write} />
      {ask ? (
        <AskFirst
          question={`${replyTo ? 'Reply' : 'Publish'} as @${write.account ?? ''}? ${write.live ? 'It is public at once on a real account.' : write.reach}`}
          confirmLabel={replyTo ? 'Yes, reply' : 'Yes, publish'}
          onCancel={() => setAsk(null)}
          onConfirm={() => {
            setAsk(null);
            write.mutate(ask, { onSuccess: () => form.reset(), onError: showServerErrors });
          }}
        />
      ) : (
        <div className="flex justify-end">
          <RoleButton needs="operator" type="submit" variant="primary" disabled={write.isPending || !write.account}>
            {write.isPending ? 'Publishing…' : replyTo ? 'Reply' : 'Publish'}
          </RoleButton>
        </div>
      )}
    </form>
  );
}

/** Send a direct message to a user as the connected account. */
export function DmForm({ to }: { to?: string | undefined }) {
  const write = useWrite();
  const [ask, setAsk] = useState<WriteCall | null>(null);
  const { form, formProps, showServerErrors } = useContractForm({
    schema: DmSend,
    defaultValues: { user: to ?? '', text: '' },
    toBody: (v: { user: string; text: string }) => ({ account: '@me', text: v.text.trim() }),
    also: (v) => (/^@?[A-Za-z0-9_]{1,15}$|^\d{1,25}$/.test(v.user.trim()) ? undefined : { user: 'To must be a user name of 1 to 15 letters, digits or _, or a user id.' }),
    labels: { text: 'Message' },
    onEdit: () => {
      write.reset();
      setAsk(null);
    },
    onValid: (body, v) => setAsk({ op: 'dm.send', params: { user: v.user.trim().replace(/^@/, '') }, body: { text: body.text } }),
  });
  return (
    <form {...formProps} aria-label="Send a direct message" className="flex flex-col gap-2">
      <form.AppField name="user">{(f) => <f.TextField label="To" hint="A user name or id." maxLength={25} max={25} />}</form.AppField>
      <form.AppField name="text">{(f) => <f.TextAreaField label="Message" rows={3} max={10_000} maxLength={10_000} hint={`Sent as ${write.account ? `@${write.account}` : 'the connected account'}.`} />}</form.AppField>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      <WriteOutcome write={write} />
      {ask ? (
        <AskFirst
          question={`Send this message to @${ask.params?.user ?? ''} as @${write.account ?? ''}?`}
          confirmLabel="Yes, send"
          onCancel={() => setAsk(null)}
          onConfirm={() => {
            setAsk(null);
            write.mutate(ask, { onSuccess: () => form.setFieldValue('text', ''), onError: showServerErrors });
          }}
        />
      ) : (
        <div className="flex justify-end">
          <RoleButton needs="operator" type="submit" variant="primary" disabled={write.isPending || !write.account}>
            {write.isPending ? 'Sending…' : 'Send message'}
          </RoleButton>
        </div>
      )}
    </form>
  );
}
