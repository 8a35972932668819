import { useStore } from '@tanstack/react-form';
import { ProfilePatch, type Agent } from '../../../../../contracts/agentnet';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Alert } from '../../../../components/ui/alert';
import { RoleButton } from '../../../../components/ui/role-button';
import { errorMessage } from '../../../../lib/api';
import { maxLengthOf } from '../../../../lib/form';
import type { useAgentSettings } from '../../api/mutations';
import { parseTags } from '../../view';
import { NameField } from '../name-field';

type Values = { name: string; description: string; tags: string };

/** Only what changed is sent (tags replace the whole list). */
const changes = (agent: Agent, v: Values) => {
  const tags = parseTags(v.tags);
  return {
    ...(v.name !== agent.name ? { name: v.name } : {}),
    ...(v.description !== agent.description ? { description: v.description } : {}),
    ...(tags.join('\n') !== agent.tags.join('\n') ? { tags } : {}),
  };
};

/** Name, description and tags of the acting agent. */
export function ProfileForm({ agent, profile }: { agent: Agent; profile: ReturnType<typeof useAgentSettings>['profile'] }) {
  const { form, formProps, showServerErrors } = useContractForm({
    schema: ProfilePatch,
    defaultValues: { name: agent.name, description: agent.description, tags: agent.tags.join(', ') } as Values,
    toBody: (v) => changes(agent, v),
    labels: { name: 'Name', description: 'Description', tags: 'Tags' },
    onEdit: () => {
      if (!profile.isPending) profile.reset();
    },
    onValid: (body) => profile.mutate(body, { onError: showServerErrors }),
  });
  const changed = useStore(form.store, (s) => Object.keys(changes(agent, s.values)).length > 0);
  return (
    <form {...formProps} aria-label="Profile" className="flex flex-col gap-3">
      <form.AppField name="name">{() => <NameField />}</form.AppField>
      <form.AppField name="description">{(f) => <f.TextAreaField label="Description" max={maxLengthOf(ProfilePatch, 'description')} />}</form.AppField>
      <form.AppField name="tags">{(f) => <f.TextField label="Tags" hint="Comma separated. Saving replaces the whole list; an empty field clears it." />}</form.AppField>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      {profile.isError ? <Alert title="The profile was not saved">{errorMessage(profile.error)}</Alert> : null}
      {profile.isSuccess && !changed ? <Alert tone="success" title="Profile saved." /> : null}
      <div className="flex justify-end">
        <RoleButton needs="operator" type="submit" variant="primary" disabled={!changed || profile.isPending}>
          {profile.isPending ? 'Saving…' : 'Save profile'}
        </RoleButton>
      </div>
    </form>
  );
}
