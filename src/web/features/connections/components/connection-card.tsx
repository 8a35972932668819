import type { ReactNode } from 'react';
import { useStore } from '@tanstack/react-form';
import type { Connection } from '../../../../contracts/bff';
import { PutConnectionBody } from '../../../../contracts/bff-bodies';
import { services } from '../../../../contracts/services';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { RoleButton } from '../../../components/ui/role-button';
import { Card, CardBody, CardHeader, CardTitle } from '../../../components/ui/card';
import { ApiRequestError, errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-extra';
import { useSaveConnection } from '../api/mutations';
import { RemoveKey } from './remove-key';
import { SandboxControls } from './sandbox-controls';

type Values = { mode: 'sandbox' | 'live'; baseUrl: string; apiKey: string };
const modes = [
  { value: 'sandbox', label: 'Embedded sandbox (offline, no key)' },
  { value: 'live', label: 'Live service' },
] as const;

const toBody = (v: Values) => ({
  mode: v.mode,
  ...(v.mode === 'live' ? { baseUrl: v.baseUrl } : {}),
  ...(v.mode === 'live' && v.apiKey.trim() ? { apiKey: v.apiKey.trim() } : {}),
});

/** One service's connection: sandbox or live, base URL and key. The key is verified before it is kept. */
/** One service's connection; `limits`: its spend limits, which the route places here (the spend feature's). */
export function ConnectionCard({ connection, limits }: { connection: Connection; limits?: ReactNode }) {
  const info = services[connection.service];
  const save = useSaveConnection(connection.service);
  const { form, formProps, showServerErrors } = useContractForm({
    schema: PutConnectionBody,
    defaultValues: { mode: connection.mode, baseUrl: connection.baseUrl, apiKey: '' } as Values,
    toBody,
    labels: { baseUrl: 'Base URL', apiKey: 'API key' },
    // A live connection needs a key: a saved one, or one typed here.
    also: (v) =>
      v.mode === 'live' && !v.apiKey.trim() && !connection.keyHint ? { apiKey: `Live mode needs an API key (it starts with ${info.keyPrefix}).` } : undefined,
    onEdit: () => {
      if (!save.isPending) save.reset();
    },
    onValid: (body) => save.mutate(body, { onSuccess: () => form.setFieldValue('apiKey', ''), onError: showServerErrors }),
  });
  const mode = useStore(form.store, (s) => s.values.mode);
  const apiKey = useStore(form.store, (s) => s.values.apiKey.trim());
  const prefixWarning = apiKey !== '' && !apiKey.startsWith(info.keyPrefix);
  const fieldError = save.error instanceof ApiRequestError && (save.error.field === 'apiKey' || save.error.field === 'baseUrl' || !!save.error.error.fields);

  return (
    <Card aria-labelledby={`conn-${connection.service}`}>
      <CardHeader>
        <CardTitle id={`conn-${connection.service}`}>{info.label} service</CardTitle>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={connection.mode === 'live' ? 'success' : 'info'}>{connection.mode === 'live' ? 'Live' : 'Sandbox'}</Badge>
          <span className="text-muted">
            {connection.keyHint ? `Key ••••${connection.keyHint} (${connection.keySource === 'env' ? `from ${info.envKey}` : 'saved'})` : 'No key saved'}
          </span>
        </div>
      </CardHeader>
      <CardBody className="flex flex-col gap-5">
        <form {...formProps} className="flex flex-col gap-4" aria-label={`${info.label} connection`}>
          <form.AppField name="mode">{(f) => <f.ChoiceField legend="Runs on" options={modes} inline />}</form.AppField>
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {mode === 'live' ? (
              <form.AppField name="baseUrl">
                {(f) => <f.TextField label="Base URL" hint={`Default ${connection.liveDefaultBaseUrl}`} spellCheck={false} />}
              </form.AppField>
            ) : null}
            <form.AppField name="apiKey">
              {(f) => (
                <f.TextField
                  label="API key"
                  type="password"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={512}
                  placeholder={`${info.keyPrefix}…`}
                  hint={
                    mode === 'sandbox'
                      ? 'Not used: the sandbox needs no key, and a key typed here is not saved. Choose Live service to verify and save it.'
                      : prefixWarning
                        ? `Warning: keys of this service start with ${info.keyPrefix}.`
                        : connection.keyHint
                          ? 'Leave empty to keep the saved key.'
                          : `Starts with ${info.keyPrefix}. Verified before it is saved.`
                  }
                />
              )}
            </form.AppField>
          </div>
          <form.AppForm>
            <form.FormErrors />
          </form.AppForm>
          {save.isError ? <Alert title="Nothing was saved">{fieldError ? 'Fix the fields marked above.' : errorMessage(save.error)}</Alert> : null}
          {save.isSuccess ? (
            <Alert tone="success" title={save.data.connection.mode === 'live' ? 'Saved. The key was verified.' : 'Saved. This service runs on the sandbox.'}>
              {save.data.warnings.map((w) => (
                <span key={w} className="block text-warning">
                  {w}
                </span>
              ))}
            </Alert>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-xs text-muted">{connection.updatedAt ? `Last changed ${formatDateTime(connection.updatedAt)}` : 'Not changed yet'}</span>
            <RoleButton needs="admin" type="submit" variant="primary" disabled={save.isPending}>
              {save.isPending ? (mode === 'live' ? 'Verifying…' : 'Saving…') : `Save ${info.label} connection`}
            </RoleButton>
          </div>
        </form>
        <RemoveKey connection={connection} />
        {limits}
        {connection.mode === 'sandbox' ? <SandboxControls service={connection.service} label={info.label} /> : null}
      </CardBody>
    </Card>
  );
}
