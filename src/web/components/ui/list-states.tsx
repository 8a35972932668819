import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/** The states every list shows: loading, empty, failed (with the reason and a retry); at its end: list-end.tsx. */
export function ListLoading({ label }: { label: string }) {
  return (
    <div className="flex items-center justify-center gap-2 p-6 text-muted">
      <Spinner label={label} /> {label}…
    </div>
  );
}

export function ListEmpty({ children }: { children: ReactNode }) {
  return <p className="p-6 text-center text-muted">{children}</p>;
}

export function ListFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="p-4">
      <Alert
        title={title}
        action={
          <Button size="sm" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        {errorMessage(error)}
      </Alert>
    </div>
  );
}
