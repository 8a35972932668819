import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A text area with the inputs' look (primitives.css). */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn('ui-control ui-textarea', className)} {...props} />;
}
