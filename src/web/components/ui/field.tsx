import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type FieldIds = { id: string; describedBy: string | undefined; invalid: boolean };
/** A length limit to count against (from the contract's max length). */
export type CharCount = { length: number; max: number };

export const listOf = (errors: ReadonlyArray<string> | string | null | undefined) => (errors == null ? [] : typeof errors === 'string' ? [errors] : errors);

/** Every message of a field (or a form), each on its own line. */
export function FieldErrors({ id, errors, className }: { id?: string; errors: ReadonlyArray<string>; className?: string }) {
  if (errors.length === 0) return null;
  return (
    <ul id={id} className={cn('flex flex-col gap-0.5 text-xs font-medium text-danger', className)}>
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** "120 / 500": how much of its limit a text field uses; past the limit it turns red. */
export function CharCounter({ id, count }: { id: string; count: CharCount }) {
  const over = count.length > count.max;
  return (
    <span id={id} className={cn('ml-auto shrink-0 text-xs tabular-nums', over ? 'font-medium text-danger' : 'text-muted')}>
      {count.length.toLocaleString('en-US')} / {count.max.toLocaleString('en-US')}
      <span className="sr-only"> characters</span>
    </span>
  );
}

/**
 * Label, control, hint, errors and character count wired together: the label names the control,
 * hint, errors and count describe it, and the control is marked invalid while errors stand.
 */
export function Field({
  label,
  hint,
  errors,
  count,
  children,
  className,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: ReadonlyArray<string> | string | null;
  count?: CharCount;
  children: (ids: FieldIds) => ReactNode;
  className?: string;
}) {
  const id = useId();
  const list = listOf(errors);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const describedBy = [list.length ? errorId : null, hint ? hintId : null, count ? countId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <div className="flex items-baseline gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {count ? <CharCounter id={countId} count={count} /> : null}
      </div>
      {children({ id, describedBy, invalid: list.length > 0 })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId} errors={list} />
    </div>
  );
}

/** Inputs keep the sans font: some monospace fonts (DejaVu Sans Mono) lose underscores inside inputs. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn('ui-control ui-input', className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn('ui-control ui-select', className)} {...props} />;
}
