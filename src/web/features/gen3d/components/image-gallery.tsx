import { useState } from 'react';
import { ButtonLink } from '../../../components/ui/button-link';
import * as archiveRoutes from '../../../../contracts/bff-routes/archive';
import { bffPrefix } from '../../../lib/bff-prefix';
import { cn } from '../../../lib/cn';

const viewNames = ['Front', 'Side', 'Back', 'Other side'];

/** The console's file URLs download under the name the server gives each (task, view or number, extension). */
const downloadHref = (url: string) => (url.startsWith(bffPrefix(archiveRoutes.file)) ? `${url}?download=1` : url);

/**
 * The pictures of a text-to-image or image-to-image task (several for multi-view), one large with
 * thumbnails to pick, each downloadable.
 */
export function ImageGallery({ images, name, multiView }: { images: readonly string[]; name: string; multiView: boolean }) {
  const [selected, setSelected] = useState(0);
  const current = images[Math.min(selected, images.length - 1)];
  const label = (i: number) => (multiView && images.length > 1 ? `${viewNames[i] ?? `View ${i + 1}`} view` : `Image ${i + 1}`);
  if (!current) return <p className="text-sm text-muted">This task has no images.</p>;
  return (
    <section aria-label="Images" className="flex flex-col gap-3">
      <figure className="flex flex-col gap-2">
        <img src={current} alt={`${label(selected)} of “${name}”`} className="max-h-[62vh] w-full rounded-lg border border-border bg-surface-2 object-contain" />
        <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
          <span>
            {label(selected)} · {selected + 1} of {images.length}
          </span>
          <ButtonLink href={downloadHref(current)} download size="sm" variant="primary">
            Download {label(selected).toLowerCase()}
          </ButtonLink>
        </figcaption>
      </figure>
      {images.length > 1 ? (
        <ul className="flex flex-wrap gap-2" aria-label="All images">
          {images.map((url, i) => (
            <li key={url} className="flex flex-col items-center gap-1">
              <button
                type="button"
                aria-pressed={i === selected}
                aria-label={`Show ${label(i).toLowerCase()}`}
                onClick={() => setSelected(i)}
                className={cn('overflow-hidden rounded border-2', i === selected ? 'border-accent' : 'border-border hover:border-accent')}
              >
                <img src={url} alt="" loading="lazy" className="size-20 object-cover" />
              </button>
              <a href={downloadHref(url)} download className="text-xs text-accent hover:underline">
                Download
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
