import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { gen3dOps } from '../../../../contracts/gen3d/routes';
import type { AnimationEntry } from '../../../../contracts/gen3d/records';
import { Alert } from '../../../components/ui/alert';
import { Field, Select } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { callOperation } from '../../../lib/operation';
import { LazyModelViewer } from '../components/lazy-viewer';

/** The animation library through the BFF (the route table's entry), kept for the session. */
export const animationLibraryQuery = () => ({
  queryKey: ['gen3d', 'animation-library'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => callOperation(gen3dOps.animationLibrary, { signal }),
  staleTime: Infinity,
});

/** The embedded sandbox's origin as its records name it: its files are served by this console, same origin. */
const SANDBOX_ORIGIN = 'http://sandbox.invalid';

/**
 * Where the browser can load an entry's preview: the sandbox's previews (the clip on a stock rig)
 * are files of this console; a live preview is on the service's host, which the page may not load.
 */
export function previewSrc(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.origin === SANDBOX_ORIGIN ? u.pathname : null;
  } catch {
    return url.startsWith('/') ? url : null;
  }
}

const nameOf = (a: AnimationEntry) => (a.name ?? a.key ?? `Action ${a.id}`).replace(/_/g, ' ');

/** Category, then action, then its preview: `actionId` is the body's `action_id` (as text). */
export function AnimationPicker({ actionId, onChange, errors }: { actionId: string; onChange: (id: string) => void; errors: readonly string[] }) {
  const library = useQuery(animationLibraryQuery());
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
        src ? (
          <figure className="flex flex-col gap-1">
            <LazyModelViewer key={src} src={src} label={`Preview of ${nameOf(chosen)} on a stock rig`} fileName={`animation-${chosen.id}`} />
            <figcaption className="text-xs text-muted">
              {nameOf(chosen)} (action {String(chosen.id)}) on a stock rig: the library&apos;s preview.
            </figcaption>
          </figure>
        ) : (
          <p className="text-sm text-muted">This action&apos;s preview is on the service&apos;s host, which this console does not load.</p>
        )
      ) : null}
    </div>
  );
}
