import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LedgerTask } from '../../../../contracts/bff';
import * as mediaRoutes from '../../../../contracts/bff-routes/media';
import { gen3dOps, TASK_ID } from '../../../../contracts/gen3d/routes';
import type { AnimationEntry } from '../../../../contracts/gen3d/records-output';
import { Alert } from '../../../components/ui/alert';
import { Field, Select } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { bffPrefix } from '../../../lib/bff-prefix';
import { callOperation } from '../../../lib/operation';
import { gen3dQueries } from '../api/queries';
import { LazyModelViewer } from '../components/lazy-viewer';
import { viewableModel } from '../../../../contracts/gen3d/viewable-model';

/**
 * The animation library through the BFF (the route table's entry), kept for 12 hours: its preview
 * links work for a day after the answer that carried them, so a page open longer reads it again.
 */
export const animationLibraryQuery = () => ({
  queryKey: ['gen3d', 'animation-library'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => callOperation(gen3dOps.animationLibrary, { signal }),
  staleTime: 12 * 3600_000,
});

/**
 * Where the browser loads an entry's preview: the BFF hands every `previewUrl` out as a signed URL
 * of its media route (the clip on the sandbox's stock rig, or the live service's file fetched by
 * the BFF); anything else (another host) is not loaded.
 */
export function previewSrc(url: string | null | undefined): string | null {
  return url && url.startsWith(bffPrefix(mediaRoutes.media)) ? url : null;
}

/** The rigged character of a succeeded rigging task, when the browser can load it. */
function riggedModel(rig: LedgerTask | null): string | null {
  if (!rig || rig.task.status !== 'SUCCEEDED') return null;
  const shown = viewableModel(rig);
  return shown && shown.src === rig.task.result?.rigged_character_glb_url ? shown.src : null;
}

const nameOf = (a: AnimationEntry) => (a.name ?? a.key ?? `Action ${a.id}`).replace(/_/g, ' ');

/** Category, then action, then its preview: `actionId` is the body's `action_id` (as text). */
export function AnimationPicker({
  actionId,
  onChange,
  errors,
  rigId,
  rig,
}: {
  actionId: string;
  onChange: (id: string) => void;
  errors: readonly string[];
  /** The rigging task named in the form, and its ledger entry when the form already holds it. */
  rigId: string;
  rig: LedgerTask | null;
}) {
  const library = useQuery(animationLibraryQuery());
  // A rig typed in, not among the tasks the form holds: read from the ledger.
  const read = useQuery({ ...gen3dQueries.task(rigId), enabled: !rig && TASK_ID.test(rigId), retry: false });
  const character = riggedModel(rig ?? read.data ?? null);
  const entries = useMemo(() => library.data ?? [], [library.data]);
  const categories = useMemo(() => [...new Set(entries.map((a) => a.category ?? 'Other'))].sort(), [entries]);
  const chosen = entries.find((a) => String(a.id) === actionId);
  const category = chosen?.category ?? categories[0] ?? '';
  const inCategory = entries.filter((a) => (a.category ?? 'Other') === category);
  if (library.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted">
        <Spinner label="Loading the animation library" /> Loading the animation library…
      </p>
    );
  if (library.isError) return <Alert title="The animation library could not be read">{errorMessage(library.error)}</Alert>;
  const src = previewSrc(chosen?.previewUrl);
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="Category">
          {({ id }) => (
            <Select id={id} value={category} onChange={(e) => onChange(String(entries.find((a) => (a.category ?? 'Other') === e.target.value)?.id ?? ''))}>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {c.replace(/([a-z])([A-Z])/g, '$1 $2')}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Action" errors={errors} hint={`${entries.length} actions in the library`}>
          {({ id, describedBy, invalid }) => (
            <Select id={id} value={actionId} onChange={(e) => onChange(e.target.value)} aria-describedby={describedBy} aria-invalid={invalid || undefined}>
              {chosen ? null : <option value="">Choose an action</option>}
              {inCategory.map((a) => (
                <option key={a.id} value={String(a.id)}>
                  {nameOf(a)}
                  {a.subCategory ? ` (${a.subCategory})` : ''}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {chosen ? (
        src && character ? (
          <figure className="flex flex-col gap-1">
            <LazyModelViewer
              key={`${character} ${src}`}
              src={character}
              clipSources={[{ label: nameOf(chosen), src, retarget: true }]}
              label={`${nameOf(chosen)} played on the rigged character of task ${rigId.slice(0, 8)}`}
              fileName={`animation-${chosen.id}-on-${rigId.slice(0, 8)}`}
            />
            <figcaption className="text-xs text-muted">
              {nameOf(chosen)} (action {String(chosen.id)}) played on this task&apos;s own rig, before paying for it: the library&apos;s clip moved onto its bones by name.
            </figcaption>
          </figure>
        ) : src ? (
          <figure className="flex flex-col gap-1">
            <LazyModelViewer key={src} src={src} label={`Preview of ${nameOf(chosen)} on a stock rig`} fileName={`animation-${chosen.id}`} />
            <figcaption className="text-xs text-muted">
              {nameOf(chosen)} (action {String(chosen.id)}) on a stock rig: the library&apos;s preview. Name a succeeded rigging task to see it on that rig.
            </figcaption>
          </figure>
        ) : (
          <p className="text-sm text-muted">This action has no preview the console can load.</p>
        )
      ) : null}
    </div>
  );
}
