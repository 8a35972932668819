import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/** The four states every list shows: loading, empty, at its end, failed (with the reason and a retry). */
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

/** `noun` is the plural; a trailing "s" is dropped for one item ("1 post"). */
export function ListEnd({ count, noun }: { count: number; noun: string }) {
  return (
    <p className="p-4 text-center text-xs text-muted" role="status">
      End of the list · {count.toLocaleString('en-US')} {count === 1 ? noun.replace(/s$/, '') : noun}
    </p>
  );
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
