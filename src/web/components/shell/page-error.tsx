import type { ReactNode } from 'react';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';

/** A page that could not be shown: the reason as a sentence, a way back, and a retry when it can help (not for a 404). */
export function PageError({ title, error, back, note, onRetry: retry }: { title: string; error: unknown; back: ReactNode; note?: string; onRetry?: () => void }) {
  const onRetry = error instanceof ApiRequestError && error.status === 404 ? undefined : retry;
  return (
    <div className="p-6">
      <Alert
        title={title}
        action={
          onRetry ? (
            <Button size="sm" onClick={onRetry}>
              Retry
            </Button>
          ) : null
        }
      >
        {errorMessage(error)}
        {note ? ` ${note}` : ''} {back}
      </Alert>
    </div>
  );
}
