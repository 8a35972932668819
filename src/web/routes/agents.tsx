import { createFileRoute, Link } from '@tanstack/react-router';
import { PageHeader } from '../components/shell/shell';

export const Route = createFileRoute('/agents')({
  component: () => (
    <>
      <PageHeader title="Agents" description="Manage agents, subnets, orgs, work, inbox and payments." />
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
