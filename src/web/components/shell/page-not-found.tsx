import type { Missing } from '../../lib/loaders';
import { Alert } from '../ui/alert';
import { PageHeader } from './shell';
import { BackToList } from './back-to-list';

const isMissing = (data: unknown): data is Missing => !!data && typeof data === 'object' && 'what' in data && 'message' in data;

/**
 * The one not-found page: an address no route knows, or a record the service does not have (a
 * loader's `missing()`), said as a sentence with the way back. Nothing is logged: nothing failed.
 */
export function PageNotFound({ data }: { data?: unknown }) {
  const known = isMissing(data) ? data : null;
  const title = known ? `${known.what} not found` : 'Page not found';
  return (
    <>
      <PageHeader title={title} />
      <div className="p-4 sm:p-6">
        <Alert tone="warning" title={known ? `This ${known.what.toLowerCase()} cannot be shown` : 'There is nothing at this address'}>
          {known ? `${known.message}${known.note ? ` ${known.note}` : ''} ` : 'Check the address, or follow a link from the console. '}
          <BackToList />
        </Alert>
      </div>
    </>
  );
}
