import { useState, type FormEvent } from 'react';
import type { Connection } from '../../../../contracts/bff';
import { PutConnectionBody } from '../../../../contracts/bff';
import { services } from '../../../../contracts/services';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/field';
import { ApiRequestError, errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useSaveConnection } from '../api/queries';

/** One service's connection: sandbox or live, base URL and key. The key is verified before it is kept. */
export function ConnectionCard({ connection }: { connection: Connection }) {
  const info = services[connection.service];
  const [mode, setMode] = useState(connection.mode);
  const [baseUrl, setBaseUrl] = useState(connection.baseUrl);
  const [apiKey, setApiKey] = useState('');
  const [formError, setFormError] = useState<{ field: string | null; message: string } | null>(null);
  const save = useSaveConnection(connection.service);
  const prefixWarning = apiKey.trim() !== '' && !apiKey.trim().startsWith(info.keyPrefix);
  const serverError = save.error instanceof ApiRequestError ? save.error : null;
  const fieldError = (f: string) => (formError?.field === f ? formError.message : serverError?.field === f ? serverError.message : null);

  /** Any edit clears the messages of the last attempt: they were about other values. */
  const edit = (change: () => void) => {
    change();
    setFormError(null);
    if (!save.isPending) save.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const body = { mode, ...(mode === 'live' ? { baseUrl } : {}), ...(mode === 'live' && apiKey.trim() ? { apiKey: apiKey.trim() } : {}) };
    const parsed = PutConnectionBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setFormError({ field: String(issue?.path[0] ?? ''), message: issue?.message ?? 'Invalid value' });
      return;
    }
    if (mode === 'live' && !parsed.data.apiKey && !connection.keyHint) {
      setFormError({ field: 'apiKey', message: `Live mode needs an API key (it starts with ${info.keyPrefix}).` });
      return;
    }
    save.mutate(parsed.data, { onSuccess: () => setApiKey('') });
  };

  return (
    <Card aria-labelledby={`conn-${connection.service}`}>
      <CardHeader>
        <CardTitle id={`conn-${connection.service}`}>{info.label} service</CardTitle>
        <div className="flex items-center gap-2 text-sm">
          <Badge tone={connection.mode === 'live' ? 'success' : 'info'}>{connection.mode === 'live' ? 'Live' : 'Sandbox'}</Badge>
          <span className="text-muted">
            {connection.keyHint ? `Key ••••${connection.keyHint} (${connection.keySource === 'env' ? `from ${info.envKey}` : 'saved'})` : 'No key saved'}
          </span>
        </div>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={`${info.label} connection`}>
          <fieldset className="flex gap-4">
            <legend className="mb-1 text-sm font-medium">Runs on</legend>
            {(['sandbox', 'live'] as const).map((m) => (
              <label key={m} className="inline-flex items-center gap-2">
                <input type="radio" name={`mode-${connection.service}`} value={m} checked={mode === m} onChange={() => edit(() => setMode(m))} className="accent-(--color-accent)" />
                {m === 'sandbox' ? 'Embedded sandbox (offline, no key)' : 'Live service'}
              </label>
            ))}
          </fieldset>
          {mode === 'live' ? (
            <div className="grid grid-cols-2 gap-3">
              <Field label="Base URL" error={fieldError('baseUrl')} hint={`Default ${connection.liveDefaultBaseUrl}`}>
                {({ id, describedBy, invalid }) => (
                  <Input id={id} aria-describedby={describedBy} aria-invalid={invalid} value={baseUrl} onChange={(e) => edit(() => setBaseUrl(e.target.value))} spellCheck={false} />
                )}
              </Field>
              <Field
                label="API key"
                error={fieldError('apiKey')}
                hint={prefixWarning ? `Warning: keys of this service start with ${info.keyPrefix}.` : connection.keyHint ? 'Leave empty to keep the saved key.' : `Starts with ${info.keyPrefix}. Verified before it is saved.`}
              >
                {({ id, describedBy, invalid }) => (
                  <Input id={id} type="password" autoComplete="off" aria-describedby={describedBy} aria-invalid={invalid} value={apiKey} onChange={(e) => edit(() => setApiKey(e.target.value))} placeholder={`${info.keyPrefix}…`} spellCheck={false} />
                )}
              </Field>
            </div>
          ) : null}
          {save.isError && !fieldError('apiKey') && !fieldError('baseUrl') ? <Alert title="Nothing was saved">{errorMessage(save.error)}</Alert> : null}
          {save.isSuccess && !save.isPending ? (
            <Alert tone="success" title={save.data.connection.mode === 'live' ? 'Saved. The key was verified.' : 'Saved. This service runs on the sandbox.'}>
              {save.data.warnings.map((w) => (
                <span key={w} className="block text-warning">
                  {w}
                </span>
              ))}
            </Alert>
          ) : null}
          <div className="flex items-center justify-between">
            <span className="text-xs text-muted">{connection.updatedAt ? `Last changed ${formatDateTime(connection.updatedAt)}` : 'Not changed yet'}</span>
            <Button type="submit" variant="primary" disabled={save.isPending}>
              {save.isPending ? (mode === 'live' ? 'Verifying…' : 'Saving…') : `Save ${info.label} connection`}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
