import { useState, type ReactNode } from 'react';
import type { Role } from '../../../contracts/roles';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { RoleButton } from './role-button';

/**
 * A button that asks before it acts: the question and Confirm / Cancel replace it inline. (No danger
 * variant: white on the dark theme's danger red does not reach AA contrast.)
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  disabled,
  className,
  needs,
}: {
  label: string;
  question: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  className?: string;
  /** The role its action needs (RoleButton's `needs`). */
  needs?: Role;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <RoleButton needs={needs} disabled={disabled} onClick={() => setAsking(true)} className={className}>
        {label}
      </RoleButton>
    );
  }
  return (
    <div role="group" aria-label={label} className={cn('flex flex-col gap-2 rounded border border-border bg-surface-2 p-3', className)}>
      <p className="text-sm">{question}</p>
      <div className="flex gap-2">
        <Button
          variant="primary"
          size="sm"
          autoFocus
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
        <Button size="sm" onClick={() => setAsking(false)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
