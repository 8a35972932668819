import { useQuery } from '@tanstack/react-query';
import type { LedgerTask } from '../../../../contracts/bff';
import { archivedGlbFaces } from '../new-task/files';

/** Face count of a task: its record's, else read lazily from its archived GLB's JSON chunk (live records lack it). */
export function useTaskFaces(task: LedgerTask | null) {
  const glb = task?.task.model_urls.glb ?? null;
  const known = task?.task.face_count ?? null;
  const read = useQuery({
    queryKey: ['gen3d', 'glb-faces', glb] as const,
    queryFn: ({ signal }) => archivedGlbFaces(glb as string, signal),
    enabled: !!glb && known === null && task?.task.status === 'SUCCEEDED',
    staleTime: Infinity,
  });
  return { faces: known ?? read.data ?? null, reading: read.isFetching };
}
