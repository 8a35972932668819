import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

type AlertTone = 'danger' | 'warning' | 'info' | 'success';

/** A message box. Errors use role="alert" so they are announced and findable by role. */
export function Alert({
  tone = 'danger',
  title,
  children,
  action,
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'title'> & { tone?: AlertTone; title: ReactNode; action?: ReactNode }) {
  return (
    <div role={tone === 'danger' || tone === 'warning' ? 'alert' : 'status'} className={cn('ui-alert', `ui-alert-${tone}`, className)} {...props}>
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-semibold">{title}</p>
        {children ? <div className="text-muted">{children}</div> : null}
      </div>
      {action}
    </div>
  );
}
