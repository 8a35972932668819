import { createFileRoute, Link } from '@tanstack/react-router';
import { PageHeader } from '../components/shell/shell';

export const Route = createFileRoute('/social')({
  component: () => (
    <>
      <PageHeader title="Social" description="Search posts and users, run extractions, monitors and webhooks." />
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
  ),
});
