import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return <section className={cn('ui-card', className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<'header'>) {
  return <header className={cn('ui-card-header', className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('ui-card-title', className)} {...props} />;
}

export function CardBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('ui-card-body', className)} {...props} />;
}

/** A titled card: the common Card + header + body arrangement. `flush` lets a list run edge to edge. */
export function Panel({
  title,
  aside,
  children,
  bodyClassName,
  flush = false,
  ...props
}: Omit<ComponentProps<'section'>, 'title'> & { title: string; aside?: ReactNode; bodyClassName?: string; flush?: boolean }) {
  return (
    <Card {...props}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {aside}
      </CardHeader>
      {flush ? children : <CardBody className={bodyClassName}>{children}</CardBody>}
    </Card>
  );
}
