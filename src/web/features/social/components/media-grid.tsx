import type { Media } from '../../../../contracts/social';
import { cn } from '../../../lib/cn';
import { useSettled } from '../hooks/use-settled';

const MAX_HEIGHT = 288;
/** Pictures already shown once: they come from the cache, so they need no wait. */
const loaded = new Set<string>();
const remember = (url: string) => () => {
  if (loaded.size > 5000) loaded.clear();
  loaded.add(url);
};

const kindOf = (type: string) => (type === 'video' ? 'Video' : type === 'animated_gif' ? 'GIF' : null);

/**
 * A post's pictures: one keeps its shape (within limits), two to four share a grid. Every box
 * has its size before the image loads, so a list row never changes height under the reader.
 */
export function MediaGrid({ media, compact = false }: { media: Media[]; compact?: boolean }) {
  const settled = useSettled(150, media.every((m) => loaded.has(m.url)));
  if (media.length === 0) return null;
  const shown = media.slice(0, 4);
  const single = shown.length === 1;
  const first = shown[0] as Media;
  const ratio = single && first.width > 0 && first.height > 0 ? Math.min(2, Math.max(0.75, first.width / first.height)) : 16 / 9;
  return (
    <ul
      aria-label="Attached media"
      className={cn('mt-2 grid gap-0.5 overflow-hidden rounded-md border border-border', !single && 'grid-cols-2', compact ? 'max-w-60' : 'max-w-lg')}
      // A single picture is at most MAX_HEIGHT tall: its width follows from its shape.
      style={single ? { width: `min(100%, ${Math.round((compact ? MAX_HEIGHT / 2 : MAX_HEIGHT) * ratio)}px)` } : undefined}
    >
      {shown.map((m, i) => (
        <li
          key={i}
          className={cn('relative bg-surface-2', shown.length === 3 && i === 0 && 'row-span-2')}
          style={{ aspectRatio: single ? ratio : shown.length === 3 && i === 0 ? 8 / 9 : 16 / 9 }}
        >
          <img
            src={settled ? m.url : undefined}
            onLoad={remember(m.url)}
            alt={m.alt || `${kindOf(m.type) ?? 'Image'} ${i + 1} of ${media.length}, no description given`}
            width={m.width || undefined}
            height={m.height || undefined}
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full object-cover text-transparent"
          />
          {kindOf(m.type) ? <span className="absolute bottom-1 left-1 rounded-sm bg-bg/80 px-1 text-xs font-medium text-fg">{kindOf(m.type)}</span> : null}
        </li>
      ))}
    </ul>
  );
}
