import type { ComponentProps } from 'react';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button';

/** A link styled as a button (downloads, navigation that looks like an action). */
export function ButtonLink({ variant, size, className, ...props }: ComponentProps<'a'> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <a className={buttonClass(variant, size, className)} {...props} />;
}
