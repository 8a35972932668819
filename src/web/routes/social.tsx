import { createFileRoute } from '@tanstack/react-router';
import { ComingNext } from '../components/shell/coming-next';

export const Route = createFileRoute('/social')({
  component: () => <ComingNext title="Social" description="Search posts and users, run extractions, monitors and webhooks." />,
});
