import type { PostView } from '../format';

/**
 * The six counts under a post as words ("12.3K likes"), the exact figure on hover. Plain text on
 * purpose: an inline SVG per count cost more to draw than the rest of the card while scrolling.
 */
export function PostCounts({ counts }: { counts: PostView['counts'] }) {
  return (
    <ul aria-label="Engagement" className="mt-2 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-muted">
      {counts.map((c) => (
        <li key={c.key} title={c.long} data-count={c.key}>
          <data value={c.value} className="font-medium text-fg tabular-nums">
            {c.short}
          </data>{' '}
          {c.noun}
        </li>
      ))}
    </ul>
  );
}
