import { createFileRoute } from '@tanstack/react-router';
import { ComingNext } from '../components/shell/coming-next';

export const Route = createFileRoute('/agents')({
  component: () => <ComingNext title="Agents" description="Manage agents, subnets, orgs, work, inbox and payments." />,
});
