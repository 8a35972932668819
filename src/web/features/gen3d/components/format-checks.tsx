import { targetFormats, type TargetFormat } from '../../../../contracts/gen3d/requests';
import { FieldErrors } from '../../../components/ui/field';
import { Checkbox } from '../../../components/ui/choices';

/** `target_formats` as a row of checkboxes, under a legend, with a hint and the field's errors. */
export function FormatChecks({ value, onChange, hint, errors }: { value: readonly string[]; onChange: (v: TargetFormat[]) => void; hint: string; errors: readonly string[] }) {
  const ticked = value.filter((f): f is TargetFormat => (targetFormats as readonly string[]).includes(f));
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium">Formats</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {targetFormats.map((fmt) => (
          <Checkbox key={fmt} label={fmt.toUpperCase()} checked={ticked.includes(fmt)} onChange={(e) => onChange(e.target.checked ? [...ticked, fmt] : ticked.filter((x) => x !== fmt))} />
        ))}
      </div>
      <p className="text-xs text-muted">{hint}</p>
      <FieldErrors errors={errors} />
    </fieldset>
  );
}
