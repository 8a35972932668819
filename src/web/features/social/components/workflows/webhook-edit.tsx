import { useMutation } from '@tanstack/react-query';
import { socialOps, WebhookPatch, type Webhook } from '../../../../../contracts/social';
import type { z } from '../../../../../contracts/zod';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { errorTexts } from '../../../../lib/form';
import { callOperation } from '../../../../lib/operation';
import { wfKeys } from '../../api/workflows';
import { EditFooter } from './edit-footer';
import { EventTypePicker } from './event-types';

type Values = { url: string; eventTypes: string[]; isActive: boolean };

/**
 * Change a webhook: its URL (not for the console's own: its receiver's address holds the key to
 * the secret the console keeps), the event types it takes, and whether it is on. Checked by the
 * contract's update schema; the service's answer replaces the listed one.
 */
export function WebhookEdit({ hook, toConsole, onDone }: { hook: Webhook; toConsole: boolean; onDone: (saved: boolean) => void }) {
  const save = useMutation({
    mutationFn: (body: z.output<typeof WebhookPatch>) => callOperation(socialOps['webhooks.update'], { params: { id: hook.id }, body }),
    onSuccess: () => onDone(true),
    meta: { invalidates: [wfKeys.webhooks()] },
  });
  const { form, formProps, showServerErrors } = useContractForm({
    schema: WebhookPatch,
    defaultValues: { url: hook.url, eventTypes: hook.eventTypes, isActive: hook.active } satisfies Values,
    toBody: (v: Values) => ({ ...(toConsole ? {} : { url: v.url.trim() }), eventTypes: v.eventTypes, isActive: v.isActive }),
    labels: { url: 'URL', eventTypes: 'Event types', isActive: 'On' },
    onEdit: () => save.reset(),
    onValid: (body) => save.mutate(body, { onError: showServerErrors }),
  });
  return (
    <form {...formProps} aria-label="Edit webhook" className="flex flex-col gap-3 rounded border border-border p-3">
      {toConsole ? (
        <p className="text-xs text-muted">Deliveries go to this console: its address stays, the console holding the secret for it.</p>
      ) : (
        <form.AppField name="url">{(f) => <f.TextField label="URL" hint="A complete http(s) URL that answers within 10 s." maxLength={2000} max={2000} />}</form.AppField>
      )}
      <form.Field name="eventTypes">{(f) => <EventTypePicker value={f.state.value} onChange={f.handleChange} errors={errorTexts(f.state.meta.errors)} />}</form.Field>
      <form.AppField name="isActive">{(f) => <f.CheckboxField label="On: the service delivers events to it" hint="Off, it keeps its settings and gets nothing until turned on." />}</form.AppField>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      <EditFooter what="webhook" saveLabel="Save webhook" save={save} onCancel={() => onDone(false)} />
    </form>
  );
}
