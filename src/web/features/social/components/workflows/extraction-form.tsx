import { useStore } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { type ExtractionRequest, socialOps, toolTargets, toolTypes, type ExtractionEstimate, type ToolType } from '../../../../../contracts/social';
import { BarChart } from '../../../../components/charts/bar-chart';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { RoleButton } from '../../../../components/ui/role-button';
import { Field, Input } from '../../../../components/ui/field';
import { Checkbox } from '../../../../components/ui/choices';
import { errorMessage } from '../../../../lib/api';
import { formatInt } from '../../../../lib/format';
import { callOperation } from '../../../../lib/operation';
import { socialKeys } from '../../api/credits';
import { useScheduleMutations, wfKeys } from '../../api/workflows';
import { afterEstimate, emptyExtraction, ExtractionFormRequest, everyLabel, extractionBody, targetInputs, toolLabels } from '../../workflows';
import { countOf } from '../../../../lib/plural';

const groups: Array<{ label: string; kinds: string[] }> = [
  { label: 'From a post', kinds: ['tweet'] },
  { label: 'From a user', kinds: ['username', 'userId'] },
  { label: 'Communities, lists and spaces', kinds: ['community', 'list', 'space'] },
  { label: 'Searches', kinds: ['query'] },
];
const labels = { target: 'Target', communityQuery: 'Words to search', resultsLimit: 'Results limit', language: 'Language', sinceDate: 'Since', untilDate: 'Until', minFaves: 'Minimum likes' };
const rename = {
  targetTweetId: 'target',
  targetUsername: 'target',
  targetUserId: 'target',
  targetCommunityId: 'target',
  targetListId: 'target',
  targetSpaceId: 'target',
  searchQuery: 'target',
  minLikes: 'minFaves',
};

/**
 * Pick a tool, fill its target (checked with the contract first), see the estimate (results,
 * credits required against the balance, the balance after; a refusal when it cannot run), then run
 * it once or on a schedule. Editing anything clears the estimate: what runs is what was estimated.
 */
export function ExtractionForm() {
  const navigate = useNavigate();
  const [repeat, setRepeat] = useState(false);
  const [every, setEvery] = useState('24');
  const estimate = useMutation({ mutationFn: (body: ExtractionRequest) => callOperation(socialOps['extractions.estimate'], { body }) });
  const run = useMutation({
    mutationFn: (body: ExtractionRequest) => callOperation(socialOps['extractions.create'], { body }),
    meta: { invalidates: [wfKeys.jobs(), socialKeys.balance()] },
    onSuccess: (job) => {
      void navigate({ to: '/social/extractions/$jobId', params: { jobId: job.id } });
    },
  });
  const schedules = useScheduleMutations();
  const { form, formProps, showServerErrors } = useContractForm({
    schema: ExtractionFormRequest,
    defaultValues: emptyExtraction,
    toBody: extractionBody,
    rename,
    labels,
    onEdit: () => {
      estimate.reset();
      run.reset();
      schedules.create.reset();
    },
    onValid: (body) => estimate.mutate(body, { onError: showServerErrors }),
  });
  const tool = useStore(form.store, (s) => s.values.toolType);
  const kind = toolTargets[tool];
  const input = targetInputs[kind];
  const hours = Number(every);
  const everyError = repeat && !(Number.isFinite(hours) && hours >= 0.25 && hours <= 24 * 365) ? 'Repeat every 0.25 to 8,760 hours.' : null;
  const body = estimate.isSuccess ? (estimate.variables as ExtractionRequest) : null;

  return (
    <form {...formProps} aria-label="New extraction" className="flex flex-col gap-4">
      <form.AppField name="toolType">
        {(f) => (
          <Field label="Tool" hint={`${toolTypes.length} tools; each takes one kind of target.`}>
            {({ id, describedBy }) => (
              <select id={id} aria-describedby={describedBy} className="ui-control ui-select" value={f.state.value} onChange={(e) => f.handleChange(e.target.value as ToolType)}>
                {groups.map((g) => (
                  <optgroup key={g.label} label={g.label}>
                    {toolTypes
                      .filter((t) => g.kinds.includes(toolTargets[t]))
                      .map((t) => (
                        <option key={t} value={t}>
                          {toolLabels[t]} ({t})
                        </option>
                      ))}
                  </optgroup>
                ))}
              </select>
            )}
          </Field>
        )}
      </form.AppField>
      <form.AppField name="target">{(f) => <f.TextField label={input.label} hint={input.hint} max={input.max} maxLength={input.max} placeholder={input.placeholder} autoComplete="off" />}</form.AppField>
      {tool === 'community_search' ? (
        <form.AppField name="communityQuery">{(f) => <f.TextField label="Words to search" hint="Posts of the community that have these words." max={512} maxLength={512} />}</form.AppField>
      ) : null}
      <form.AppField name="resultsLimit">
        {(f) => <f.TextField label="Results limit" hint="1 to 1,000,000 rows; the job stops there (and costs less)." inputMode="numeric" maxLength={7} className="max-w-xs" />}
      </form.AppField>
      {kind === 'query' ? (
        <fieldset className="grid grid-cols-1 gap-3 rounded border border-border p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium">Search filters</legend>
          <form.AppField name="language">{(f) => <f.TextField label="Language" hint="A code such as en." maxLength={3} />}</form.AppField>
          <form.AppField name="minFaves">{(f) => <f.TextField label="Minimum likes" inputMode="numeric" maxLength={9} />}</form.AppField>
          <form.AppField name="sinceDate">{(f) => <f.TextField label="Since" type="date" />}</form.AppField>
          <form.AppField name="untilDate">{(f) => <f.TextField label="Until" type="date" />}</form.AppField>
          <form.AppField name="verifiedOnly">{(f) => <f.CheckboxField label="Verified authors only" />}</form.AppField>
        </fieldset>
      ) : null}
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {estimate.isError ? <Alert title="The extraction could not be estimated">{errorMessage(estimate.error)}</Alert> : null}
      <div className="flex justify-end">
        <RoleButton needs="operator" type="submit" variant={estimate.isSuccess ? 'secondary' : 'primary'} disabled={estimate.isPending}>
          {estimate.isPending ? 'Estimating…' : estimate.isSuccess ? 'Estimate again' : 'Estimate'}
        </RoleButton>
      </div>
      {estimate.isSuccess && body ? (
        <EstimateView estimate={estimate.data}>
          {(refusal) => (
            <div className="flex flex-col gap-3">
              <Checkbox label="Repeat on a schedule, each run only new rows" checked={repeat} onChange={(e) => setRepeat(e.target.checked)} />
              {repeat ? (
                <Field label="Every (hours)" hint={Number.isFinite(hours) && !everyError ? `Runs now, then ${everyLabel(hours)}.` : undefined} errors={everyError} className="max-w-xs">
                  {({ id, describedBy, invalid }) => <Input id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined} inputMode="decimal" maxLength={6} value={every} onChange={(e) => setEvery(e.target.value)} />}
                </Field>
              ) : null}
              {run.isError ? <Alert title="The job was not started">{errorMessage(run.error)}</Alert> : null}
              {schedules.create.isError ? <Alert title="The schedule was not made">{errorMessage(schedules.create.error)}</Alert> : null}
              {schedules.create.isSuccess ? (
                <Alert tone="success" title={`Scheduled ${everyLabel(schedules.create.data.everyHours)}.`}>
                  The first run started; the schedules list shows the next run time.
                </Alert>
              ) : null}
              <div className="flex flex-wrap items-center justify-end gap-3">
                {refusal ? <p className="text-sm text-muted">{refusal}</p> : null}
                <Button
                  variant="primary"
                  disabled={refusal !== null || run.isPending || schedules.create.isPending || !!everyError || schedules.create.isSuccess}
                  onClick={() => (repeat ? schedules.create.mutate({ request: body, everyHours: hours }) : run.mutate(body))}
                >
                  {run.isPending || schedules.create.isPending ? 'Starting…' : repeat ? `Schedule ${everyLabel(hours)}` : `Run for ${countOf(estimate.data.creditsRequired, 'credit')}`}
                </Button>
              </div>
            </div>
          )}
        </EstimateView>
      ) : null}
    </form>
  );
}

/** An estimate: results expected, credits required against the balance, what is left after. */
function EstimateView({ estimate, children }: { estimate: ExtractionEstimate; children: (refusal: string | null) => ReactNode }) {
  const { after, refusal } = afterEstimate(estimate);
  return (
    <section aria-label="Estimate" className="flex flex-col gap-3 rounded border border-border bg-surface-2 p-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div>
          <dt className="text-xs text-muted">Results expected</dt>
          <dd className="font-mono tabular-nums">{formatInt(estimate.estimatedResults)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Credits required</dt>
          <dd className="font-mono tabular-nums">{formatInt(estimate.creditsRequired)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Credits available</dt>
          <dd className="font-mono tabular-nums">{formatInt(estimate.creditsAvailable)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Balance after</dt>
          <dd className="font-mono tabular-nums">{formatInt(after)}</dd>
        </div>
      </dl>
      <BarChart
        label="Credits: available, required and left after the job"
        unit="credits"
        height={140}
        bars={[
          { key: 'available', label: 'Available', value: estimate.creditsAvailable },
          { key: 'required', label: 'Required', value: estimate.creditsRequired },
          { key: 'after', label: 'After', value: Math.max(0, after) },
        ]}
      />
      {refusal ? <Alert tone="warning" title="This extraction cannot run">{refusal}</Alert> : null}
      {children(refusal)}
    </section>
  );
}

