import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  primary: 'bg-accent text-accent-fg hover:opacity-90 shadow-card',
  secondary: 'bg-surface text-fg border border-border hover:bg-surface-2',
  ghost: 'text-fg hover:bg-surface-2',
  danger: 'bg-danger text-danger-fg hover:opacity-90',
} as const;
const sizes = {
  sm: 'h-7 px-2.5 text-sm gap-1.5',
  md: 'h-9 px-3.5 text-base gap-2',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
};

/** The one button. Icon-only buttons must pass `aria-label`. */
export function Button({ variant = 'secondary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex items-center justify-center rounded font-medium whitespace-nowrap transition-colors',
        'disabled:pointer-events-none disabled:opacity-50 aria-pressed:bg-surface-2 aria-pressed:border-accent',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}

/** A link styled as a button (downloads, navigation that looks like an action). */
export function ButtonLink({
  variant = 'secondary',
  size = 'md',
  className,
  ...props
}: ComponentProps<'a'> & { variant?: keyof typeof variants; size?: keyof typeof sizes }) {
  return (
    <a
      className={cn(
        'inline-flex items-center justify-center rounded font-medium whitespace-nowrap transition-colors',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
