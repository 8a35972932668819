import { agentnetOps, OrgUpdate, pluginIds, type Org } from '../../../../../contracts/agentnet';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { RoleButton } from '../../../../components/ui/role-button';
import { maxLengthOf } from '../../../../lib/form';
import { useOpWrite } from '../../api/network';
import { agentKeys } from '../../api/query-keys';
import type { ActAs } from '../../api/service';
import { governanceSentence } from '../../network-view';
import { WriteError } from './bits';

type Values = { display_name: string; plugins: string };
const labels = { display_name: 'Org name', plugins: 'Plugins' };

/** Plugin ids as typed: separated by commas or spaces, each once. */
export const splitPlugins = (text: string) => [...new Set(text.split(/[\s,]+/).filter(Boolean))];

const toBody = (v: Values) => ({ display_name: v.display_name.trim(), plugins: splitPlugins(v.plugins) });

/**
 * Rename an org and choose its plugins (only the builtins the service runs; any other id is
 * refused before it is sent). Governance only: anyone else is answered 403 ownership_mismatch,
 * said with who may.
 */
export function OrgEditForm({ org, actAs, governs }: { org: Org; actAs: ActAs; governs: boolean }) {
  const update = useOpWrite(agentnetOps['orgs.update'], actAs, [agentKeys.org(org.id), agentKeys.orgs()]);
  const { form, formProps, showServerErrors } = useContractForm({
    schema: OrgUpdate,
    defaultValues: { display_name: org.name, plugins: org.plugins.join(', ') } as Values,
    toBody,
    labels,
    onEdit: () => {
      if (!update.isPending) update.reset();
    },
    onValid: (body) => update.mutate({ params: { oid: org.id }, body }, { onError: showServerErrors }),
  });
  return (
    <form {...formProps} aria-label="Edit the organization" className="flex flex-col gap-3">
      {!governs ? <p className="text-sm text-muted">Only the org’s creator or its claimed owner renames it or changes its plugins.</p> : null}
      <fieldset disabled={!actAs || org.status !== 'active'} className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2">
        <form.AppField name="display_name">{(f) => <f.TextField label="Org name" max={maxLengthOf(OrgUpdate, 'display_name') ?? 120} />}</form.AppField>
        <form.AppField name="plugins">{(f) => <f.TextField label="Plugins" hint={`Comma separated: ${pluginIds.join(', ')}.`} max={200} />}</form.AppField>
      </fieldset>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {update.isSuccess ? (
        <p role="status" className="text-sm text-success">
          Saved: {update.data.name}, plugins {update.data.plugins.join(', ') || 'none'}.
        </p>
      ) : null}
      {update.isError ? <WriteError title="The organization did not change" error={update.error} extra={governanceSentence(update.error, 'rename it or change its plugins')} /> : null}
      <div className="flex justify-end">
        <RoleButton needs="operator" type="submit" disabled={!actAs || org.status !== 'active' || update.isPending}>
          {update.isPending ? 'Saving…' : 'Save name and plugins'}
        </RoleButton>
      </div>
    </form>
  );
}
