import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  danger: 'border-danger/40 bg-danger/10',
  warning: 'border-warning/40 bg-warning/10',
  info: 'border-info/40 bg-info/10',
  success: 'border-success/40 bg-success/10',
} as const;

/** A message box. Errors use role="alert" so they are announced and findable by role. */
export function Alert({
  tone = 'danger',
  title,
  children,
  action,
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'title'> & { tone?: keyof typeof tones; title: ReactNode; action?: ReactNode }) {
  return (
    <div
      role={tone === 'danger' || tone === 'warning' ? 'alert' : 'status'}
      className={cn('flex items-start justify-between gap-3 rounded border px-3 py-2 text-base', tones[tone], className)}
      {...props}
    >
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        {children ? <div className="text-muted">{children}</div> : null}
      </div>
      {action}
    </div>
  );
}
