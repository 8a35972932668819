import { Link } from '@tanstack/react-router';
import { PageHeader } from './shell';

/** A service page whose console is not built yet. */
export function ComingNext({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <div className="p-6">
        <p className="max-w-prose text-muted">
          Coming next. The connection for this service can already be set on the{' '}
          <Link to="/connections" className="text-accent underline">
            Connections
          </Link>{' '}
          page.
        </p>
      </div>
    </>
  );
}
