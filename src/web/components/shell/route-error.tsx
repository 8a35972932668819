import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiRequestError } from '../../lib/api';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { PageHeader } from './shell';
import { BackToList } from './back-to-list';

/** A page's code could not be fetched (the server was down, or a new build replaced it). */
const isChunkFailure = (error: unknown) =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i.test(error.message);

/**
 * The one error page of every route: the shell stays, the reason reads as a sentence, the way
 * back, and Retry (a full reload when the page's code itself failed).
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const chunk = isChunkFailure(error) && !(error instanceof ApiRequestError);
  const retry = () => {
    if (chunk) window.location.reload();
    else {
      reset();
      void router.invalidate();
    }
  };
  return (
    <>
      <PageHeader title="This page could not be shown" />
      <div className="p-4 sm:p-6">
        <Alert
          title={chunk ? 'This page could not be loaded' : 'Something on this page failed'}
          action={
            <Button size="sm" onClick={retry}>
              Retry
            </Button>
          }
        >
          {chunk
            ? 'The console server could not be reached to load this page. Check that it is still running, then retry.'
            : error instanceof ApiRequestError
              ? error.message
              : 'An unexpected error stopped this page. Retry; if it keeps happening, reload the console.'}{' '}
          <BackToList />
        </Alert>
      </div>
    </>
  );
}
