import { Link } from '@tanstack/react-router';
import { PageError } from '../../../components/shell/page-error';
import { PageHeader } from '../../../components/shell/shell';
import { ApiRequestError } from '../../../lib/api';

/** The error page of a post or user page: not found (404) or unavailable, with the way back to the search. */
export function RecordError({ error, what }: { error: unknown; what: 'Post' | 'User' }) {
  const missing = error instanceof ApiRequestError && error.status === 404;
  return (
    <>
      <PageHeader title={`${what} ${missing ? 'not found' : 'unavailable'}`} />
      <PageError
        title={`This ${what.toLowerCase()} cannot be shown`}
        error={error}
        back={
          <Link to="/social" className="text-accent underline">
            Back to the search
          </Link>
        }
      />
    </>
  );
}
