import { useState, type FormEvent } from 'react';
import { ProfilePatch, type Agent } from '../../../../../contracts/agentnet';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/api';
import type { useAgentSettings } from '../../api/mutations';
import { issuesByField, parseTags } from '../../view';
import { NameField } from '../name-field';

/** Name, description and tags; only what changed is sent (tags replace the whole list). */
export function ProfileForm({ agent, profile }: { agent: Agent; profile: ReturnType<typeof useAgentSettings>['profile'] }) {
  const [name, setName] = useState(agent.name);
  const [description, setDescription] = useState(agent.description);
  const [tags, setTags] = useState(agent.tags.join(', '));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const nextTags = parseTags(tags);
  const body = {
    ...(name !== agent.name ? { name } : {}),
    ...(description !== agent.description ? { description } : {}),
    ...(nextTags.join('\n') !== agent.tags.join('\n') ? { tags: nextTags } : {}),
  };
  const changed = Object.keys(body).length > 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ProfilePatch.safeParse(body);
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    setErrors({});
    profile.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Profile" className="flex flex-col gap-3">
      <NameField value={name} onChange={setName} error={errors.name} />
      <Field label="Description" error={errors.description}>
        {({ id, describedBy, invalid }) => <Textarea id={id} aria-describedby={describedBy} aria-invalid={invalid} rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />}
      </Field>
      <Field label="Tags" error={errors.tags} hint="Comma separated. Saving replaces the whole list; an empty field clears it.">
        {({ id, describedBy, invalid }) => <Input id={id} aria-describedby={describedBy} aria-invalid={invalid} value={tags} onChange={(e) => setTags(e.target.value)} />}
      </Field>
      {errors._ ? <Alert title="The profile was not saved">{errors._}</Alert> : null}
      {profile.isError ? <Alert title="The profile was not saved">{errorMessage(profile.error)}</Alert> : null}
      {profile.isSuccess && !changed ? <Alert tone="success" title="Profile saved." /> : null}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" disabled={!changed || profile.isPending}>
          {profile.isPending ? 'Saving…' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}
