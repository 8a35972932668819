import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DrawCreate, drawCredits, postIdOf, socialOps } from '../../../../../contracts/social';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { RoleButton } from '../../../../components/ui/role-button';
import { errorMessage } from '../../../../lib/api';
import { formatInt } from '../../../../lib/format';
import { callOperation } from '../../../../lib/operation';
import { socialKeys, socialBalance } from '../../api/credits';
import { socialQueries } from '../../api/queries';
import { wfKeys } from '../../api/workflows';
import { drawBody, emptyDraw } from '../../workflows';
import { countOf } from '../../../../lib/plural';

const labels = {
  tweetUrl: 'Post URL',
  winnerCount: 'Winners',
  backupCount: 'Backups',
  mustFollowUsername: 'Must follow',
  filterMinFollowers: 'Minimum followers',
  filterAccountAgeDays: 'Minimum account age (days)',
  filterLanguage: 'Language',
  requiredKeywords: 'Required keywords',
  requiredHashtags: 'Required hashtags',
  requiredMentions: 'Required mentions',
};

/**
 * A giveaway draw from a post's replies with the documented filters: checked first, then priced
 * (1 credit plus 1 per 100 replies, from the post's reply count) against the balance, then run.
 */
export function DrawForm() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const price = useMutation({
    mutationFn: async (body: DrawCreate) => {
      const post = await qc.fetchQuery(socialQueries.post(postIdOf(body.tweetUrl) ?? ''));
      const balance = await qc.fetchQuery({ ...socialBalance(), staleTime: 0 });
      return { body, entries: post.counts.replies, credits: drawCredits(post.counts.replies), balance: balance.balance };
    },
  });
  const run = useMutation({
    mutationFn: (body: DrawCreate) => callOperation(socialOps['draws.create'], { body }),
    meta: { invalidates: [wfKeys.draws(), socialKeys.balance()] },
    onSuccess: (draw) => {
      void navigate({ to: '/social/draws/$drawId', params: { drawId: draw.id } });
    },
  });
  const { form, formProps, showServerErrors } = useContractForm({
    schema: DrawCreate,
    defaultValues: emptyDraw,
    toBody: drawBody,
    labels,
    onEdit: () => {
      price.reset();
      run.reset();
    },
    onValid: (body) => price.mutate(body, { onError: showServerErrors }),
  });
  const short = price.data && price.data.credits > price.data.balance;
  return (
    <form {...formProps} aria-label="New draw" className="flex flex-col gap-3">
      <form.AppField name="tweetUrl">{(f) => <f.TextField label="Post URL" hint="The giveaway post: its replies are the entries." maxLength={300} max={300} placeholder="https://x.com/user/status/123" />}</form.AppField>
      <div className="grid grid-cols-2 gap-3">
        <form.AppField name="winnerCount">{(f) => <f.TextField label="Winners" hint="1 to 100." inputMode="numeric" maxLength={3} />}</form.AppField>
        <form.AppField name="backupCount">{(f) => <f.TextField label="Backups" hint="0 to 100." inputMode="numeric" maxLength={3} />}</form.AppField>
      </div>
      <fieldset className="flex flex-col gap-3 rounded border border-border p-3">
        <legend className="px-1 text-sm font-medium">Who may win</legend>
        <form.AppField name="uniqueAuthorsOnly">{(f) => <f.CheckboxField label="One entry per author" />}</form.AppField>
        <form.AppField name="mustRetweet">{(f) => <f.CheckboxField label="Must have reposted the post" />}</form.AppField>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <form.AppField name="mustFollowUsername">{(f) => <f.TextField label="Must follow" hint="A user name, optional." maxLength={16} />}</form.AppField>
          <form.AppField name="filterMinFollowers">{(f) => <f.TextField label="Minimum followers" inputMode="numeric" maxLength={10} />}</form.AppField>
          <form.AppField name="filterAccountAgeDays">{(f) => <f.TextField label="Minimum account age (days)" inputMode="numeric" maxLength={5} />}</form.AppField>
          <form.AppField name="filterLanguage">{(f) => <f.TextField label="Language" hint="A code such as en." maxLength={3} />}</form.AppField>
        </div>
        <form.AppField name="requiredKeywords">{(f) => <f.TextField label="Required keywords" hint="Separated by commas; up to 20." maxLength={500} />}</form.AppField>
        <form.AppField name="requiredHashtags">{(f) => <f.TextField label="Required hashtags" hint="Like #giveaway, separated by commas." maxLength={500} />}</form.AppField>
        <form.AppField name="requiredMentions">{(f) => <f.TextField label="Required mentions" hint="Like @friend, separated by commas." maxLength={500} />}</form.AppField>
      </fieldset>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {price.isError ? <Alert title="The draw could not be priced">{errorMessage(price.error)}</Alert> : null}
      <div className="flex justify-end">
        <RoleButton needs="operator" type="submit" variant={price.isSuccess ? 'secondary' : 'primary'} disabled={price.isPending}>
          {price.isPending ? 'Checking…' : price.isSuccess ? 'Check again' : 'Check the price'}
        </RoleButton>
      </div>
      {price.data ? (
        <section aria-label="Draw price" className="flex flex-col gap-3 rounded border border-border bg-surface-2 p-3">
          <p>
            {countOf(price.data.entries, 'reply', 'replies')} to draw from: <strong>{countOf(price.data.credits, 'credit')}</strong> of {formatInt(price.data.balance)} available.
          </p>
          {short ? <Alert tone="warning" title="Not enough credits">Top up, or draw from a post with fewer replies.</Alert> : null}
          {run.isError ? <Alert title="The draw did not run">{errorMessage(run.error)}</Alert> : null}
          <div className="flex justify-end">
            <Button variant="primary" disabled={!!short || run.isPending} onClick={() => run.mutate(price.data.body)}>
              {run.isPending ? 'Drawing…' : `Draw for ${countOf(price.data.credits, 'credit')}`}
            </Button>
          </div>
        </section>
      ) : null}
    </form>
  );
}
