/**
 * The verified mark beside a name: a tick in a filled circle, named for screen readers. Text, not
 * SVG: an inline SVG per row is costly to draw while a long list scrolls.
 */
export function VerifiedMark({ blue }: { blue?: boolean }) {
  const label = blue ? 'Verified subscriber' : 'Verified account';
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className="inline-flex size-4 shrink-0 items-center justify-center rounded-full bg-accent text-xs leading-none font-bold text-accent-fg"
    >
      ✓
    </span>
  );
}
