import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import * as socialRoutes from '../../../../../contracts/bff-routes/social';
import { socialOps, WebhookCreate, type EventType, type Webhook } from '../../../../../contracts/social';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { RoleButton } from '../../../../components/ui/role-button';
import { Field, Input } from '../../../../components/ui/field';
import { errorMessage } from '../../../../lib/api';
import { errorTexts } from '../../../../lib/form';
import { bffPrefix } from '../../../../lib/bff-prefix';
import { callOperation } from '../../../../lib/operation';
import { createConsoleWebhook, wfKeys } from '../../api/workflows';
import { EventTypePicker } from './event-types';

type Destination = 'console' | 'url';
type Values = { destination: Destination; url: string; eventTypes: string[] };
const defaults: Values = { destination: 'console', url: '', eventTypes: ['tweet.new', 'tweet.reply', 'tweet.mention'] };
/** The console as destination: its receiver's address (the BFF adds the hook's own path). */
const receiver = () => `${typeof window === 'undefined' ? 'http://127.0.0.1' : window.location.origin}${bffPrefix(socialRoutes.receiver)}`;

/**
 * Register a webhook to this console (the BFF fills in its receiver and keeps the secret to verify
 * every delivery) or to another URL; the signing secret is shown this once.
 */
export function WebhookForm() {
  const [secret, setSecret] = useState<Webhook | null>(null);
  const [copied, setCopied] = useState(false);
  const create = useMutation({
    mutationFn: (v: { url?: string; eventTypes: EventType[] }) => (v.url ? callOperation(socialOps['webhooks.create'], { body: { url: v.url, eventTypes: v.eventTypes } }) : createConsoleWebhook(v.eventTypes)),
    onSuccess: (hook) => {
      setSecret(hook);
      setCopied(false);
    },
    meta: { invalidates: [wfKeys.webhooks()] },
  });
  const { form, formProps, showServerErrors } = useContractForm({
    schema: WebhookCreate,
    defaultValues: defaults,
    toBody: (v: Values) => ({ url: v.destination === 'console' ? receiver() : v.url.trim(), eventTypes: v.eventTypes }),
    labels: { url: 'URL', eventTypes: 'Event types' },
    onEdit: () => create.reset(),
    onValid: (body, v) => create.mutate(v.destination === 'console' ? { eventTypes: body.eventTypes } : body, { onSuccess: () => form.reset(), onError: showServerErrors }),
  });
  return (
    <div className="flex flex-col gap-3">
      {secret?.secret ? (
        <section aria-label="Signing secret" className="flex flex-col gap-2 rounded border border-warning bg-surface-2 p-3">
          <p className="font-semibold">Signing secret of the new webhook: shown this once</p>
          <p className="text-sm text-muted">
            {secret.url.includes(bffPrefix(socialRoutes.receiver))
              ? 'The console keeps it and verifies every delivery with it; copy it only if something else must verify too.'
              : 'Give it to the receiver at that URL: it signs every delivery (HMAC-SHA256 over timestamp.nonce.body).'}
          </p>
          <Field label="Secret">
            {({ id }) => <Input id={id} readOnly value={secret.secret ?? ''} className="font-mono" onFocus={(e) => e.currentTarget.select()} />}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() =>
                void navigator.clipboard?.writeText(secret.secret ?? '').then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
            <Button size="sm" onClick={() => setSecret(null)}>
              I have it: hide it
            </Button>
          </div>
        </section>
      ) : null}
      <form {...formProps} aria-label="New webhook" className="flex flex-col gap-3">
        <form.AppField name="destination">
          {(f) => (
            <f.ChoiceField
              legend="Destination"
              options={[
                { value: 'console', label: 'This console (verified here, pushed to every open tab)' },
                { value: 'url', label: 'Another URL' },
              ]}
            />
          )}
        </form.AppField>
        <form.Subscribe selector={(s) => s.values.destination}>
          {(d) => (d === 'url' ? <form.AppField name="url">{(f) => <f.TextField label="URL" hint="A complete http(s) URL that answers within 10 s." maxLength={2000} max={2000} placeholder="https://example.com/hooks/social" />}</form.AppField> : null)}
        </form.Subscribe>
        <form.Field name="eventTypes">{(f) => <EventTypePicker value={f.state.value} onChange={f.handleChange} errors={errorTexts(f.state.meta.errors)} />}</form.Field>
        <form.AppForm>
          <form.FormErrors />
        </form.AppForm>
        {create.isError ? <Alert title="The webhook was not registered">{errorMessage(create.error)}</Alert> : null}
        <div className="flex justify-end">
          <RoleButton needs="operator" type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? 'Registering…' : 'Register webhook'}
          </RoleButton>
        </div>
      </form>
    </div>
  );
}

