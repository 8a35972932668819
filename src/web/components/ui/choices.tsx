import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { FieldErrors, listOf } from './field';

// Checkboxes and radio groups, apart from field.tsx: the queue's filters (the first page) use
// only text fields and selects.

/** A checkbox with its label beside it. */
export function Checkbox({ label, className, ...props }: ComponentProps<'input'> & { label: ReactNode }) {
  return (
    <label className={cn('inline-flex cursor-pointer items-center gap-2 text-base', className)}>
      <input type="checkbox" className="size-4 shrink-0 accent-(--color-accent)" {...props} />
      {label}
    </label>
  );
}

/** Radio buttons under a legend, with a hint and errors like any field. */
export function ChoiceGroup<V extends string>({
  legend,
  value,
  options,
  onChange,
  hint,
  errors,
  inline = false,
  className,
}: {
  legend: ReactNode;
  value: V;
  options: ReadonlyArray<{ value: V; label: ReactNode }>;
  onChange: (value: V) => void;
  hint?: ReactNode;
  errors?: ReadonlyArray<string> | string | null;
  inline?: boolean;
  className?: string;
}) {
  const name = useId();
  const list = listOf(errors);
  return (
    <fieldset className={cn('flex min-w-0 flex-col gap-1', className)} aria-describedby={list.length ? `${name}-error` : hint ? `${name}-hint` : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className={cn('flex', inline ? 'flex-wrap gap-x-4 gap-y-1' : 'flex-col gap-1.5')}>
        {options.map((o) => (
          <label key={o.value} className="inline-flex items-center gap-2">
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="size-4 shrink-0 accent-(--color-accent)" />
            {o.label}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={`${name}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={`${name}-error`} errors={list} />
    </fieldset>
  );
}
