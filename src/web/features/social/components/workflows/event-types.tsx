import { eventTypes } from '../../../../../contracts/social';
import { FieldErrors } from '../../../../components/ui/field';
import { Checkbox } from '../../../../components/ui/choices';
import { eventGroups } from '../../workflows';

/** The event types to watch or deliver, posts and profile changes apart, each a checkbox. */
export function EventTypePicker({ value, onChange, errors, legend = 'Event types' }: { value: string[]; onChange: (next: string[]) => void; errors?: string[]; legend?: string }) {
  const groups = eventGroups(eventTypes);
  const toggle = (t: string, on: boolean) => onChange(on ? eventTypes.filter((x) => value.includes(x) || x === t) : value.filter((x) => x !== t));
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 rounded border border-border p-3" aria-invalid={errors?.length ? true : undefined}>
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      {(
        [
          ['Posts', groups.posts],
          ['Profile changes', groups.profile],
        ] as const
      ).map(([title, list]) => (
        <details key={title} open={title === 'Posts'}>
          <summary className="cursor-pointer text-sm">
            {title} ({list.filter((t) => value.includes(t)).length} of {list.length})
          </summary>
          <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
            {list.map((t) => (
              <Checkbox key={t} label={<span className="font-mono text-sm">{t}</span>} checked={value.includes(t)} onChange={(e) => toggle(t, e.target.checked)} />
            ))}
          </div>
        </details>
      ))}
      <FieldErrors errors={errors ?? []} />
    </fieldset>
  );
}
