import { createFileRoute } from '@tanstack/react-router';
import { NewTaskIndex } from '../../../features/gen3d/new-task/new-task-page';

export const Route = createFileRoute('/3d/new/')({
  component: NewTaskIndex,
});
