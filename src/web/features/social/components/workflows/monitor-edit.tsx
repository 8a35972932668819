import { useMutation } from '@tanstack/react-query';
import { MonitorPatch, socialOps, type Monitor } from '../../../../../contracts/social';
import type { z } from '../../../../../contracts/zod';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { errorTexts } from '../../../../lib/form';
import { callOperation } from '../../../../lib/operation';
import { wfKeys } from '../../api/workflows';
import { EditFooter } from './edit-footer';
import { EventTypePicker } from './event-types';

type Values = { eventTypes: string[] };

/** Change which events a monitor (account or keywords) raises, checked by the contract's update schema. */
export function MonitorEdit({ monitor, name, onDone }: { monitor: Monitor; name: string; onDone: (saved: boolean) => void }) {
  const save = useMutation({
    mutationFn: (body: z.output<typeof MonitorPatch>) => callOperation(socialOps[monitor.kind === 'account' ? 'monitors.update' : 'monitors.keywords.update'], { params: { id: monitor.id }, body }),
    onSuccess: () => onDone(true),
    meta: { invalidates: [wfKeys.monitors()] },
  });
  const { form, formProps, showServerErrors } = useContractForm({
    schema: MonitorPatch,
    defaultValues: { eventTypes: monitor.eventTypes } satisfies Values,
    toBody: (v: Values) => ({ eventTypes: v.eventTypes }),
    labels: { eventTypes: 'Event types' },
    onEdit: () => save.reset(),
    onValid: (body) => save.mutate(body, { onError: showServerErrors }),
  });
  return (
    <form {...formProps} aria-label={`Event types of ${name}`} className="flex flex-col gap-3 rounded border border-border p-3">
      <form.Field name="eventTypes">{(f) => <EventTypePicker value={f.state.value} onChange={f.handleChange} errors={errorTexts(f.state.meta.errors)} />}</form.Field>
      <form.AppForm>
        <form.FormErrors />
      </form.AppForm>
      <EditFooter what="monitor" saveLabel="Save event types" save={save} onCancel={() => onDone(false)} />
    </form>
  );
}
