import { cn } from '../../../lib/cn';

const sizes = { sm: 'size-5', md: 'size-10', lg: 'size-20' } as const;
const px = { sm: 20, md: 40, lg: 80 } as const;

/** A user's picture (a signed same-origin URL), or their initial when there is none. */
export function Avatar({ src, name, size = 'md', className }: { src: string | null; name: string; size?: keyof typeof sizes; className?: string }) {
  const box = cn('shrink-0 rounded-full bg-surface-2', sizes[size], className);
  if (!src) {
    return (
      <span aria-hidden="true" className={cn(box, 'flex items-center justify-center font-semibold text-muted')}>
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  // The name is beside every avatar, so the picture itself is decorative.
  return <img src={src} alt="" width={px[size]} height={px[size]} loading="lazy" decoding="async" className={cn(box, 'object-cover')} />;
}
