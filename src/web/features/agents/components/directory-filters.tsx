import { useEffect, useRef } from 'react';
import { AgentListQuery } from '../../../../contracts/agentnet/routes';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Button } from '../../../components/ui/button';
import { maxLengthOf, parsedBody } from '../../../lib/form';
import type { AgentStatusFilter, DirectoryFilters as Filters } from '../api/queries';

type Values = { name: string; tag: string; status: AgentStatusFilter };
const statuses = [
  { value: 'online', label: 'Online' },
  { value: 'offline', label: 'Offline' },
  { value: 'all', label: 'All' },
] as const;
const valuesOf = (f: Filters): Values => ({ name: f.name ?? '', tag: f.tag ?? '', status: f.status ?? 'online' });
const toBody = (v: Values) => ({ ...(v.name.trim() ? { name: v.name.trim() } : {}), ...(v.tag.trim() ? { tag: v.tag.trim() } : {}), status: v.status });
const toFilters = (v: Values): Filters => ({ name: v.name.trim() || undefined, tag: v.tag.trim() || undefined, status: v.status === 'online' ? undefined : v.status });
const same = (a: Filters, b: Filters) => a.name === b.name && a.tag === b.tag && (a.status ?? 'online') === (b.status ?? 'online');

/**
 * Name, tag and status filters of the directory; they live in the URL so a view can be linked.
 * Typed text is applied after a pause (or on Enter), checked with the contract's list query; a
 * change of the URL from elsewhere (a tag link, Clear) replaces what the fields show.
 */
export function DirectoryFilters({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) {
  const applied = useRef(filters);
  const apply = (v: Values) => {
    if (parsedBody(AgentListQuery, toBody(v)) === null) return;
    const next = toFilters(v);
    if (same(next, applied.current)) return;
    applied.current = next;
    onChange(next);
  };
  const { form, formProps } = useContractForm({
    schema: AgentListQuery,
    defaultValues: valuesOf(filters),
    toBody,
    labels: { name: 'Name', tag: 'Tag', status: 'Status' },
    onValid: (_, values) => apply(values),
  });
  useEffect(() => {
    if (same(filters, applied.current)) return;
    applied.current = filters;
    form.reset(valuesOf(filters));
  }, [filters, form]);
  const commitLater = { onChangeDebounceMs: 350, onChange: () => apply(form.state.values) };
  const filtered = !!(filters.name || filters.tag || filters.status);
  return (
    <form {...formProps} role="search" aria-label="Filter agents" className="flex flex-wrap items-start gap-3">
      <form.AppField name="name" listeners={commitLater}>
        {(f) => <f.TextField label="Name" type="search" placeholder="Part of a name" max={maxLengthOf(AgentListQuery, 'name')} className="w-full sm:w-60" />}
      </form.AppField>
      <form.AppField name="tag" listeners={commitLater}>
        {(f) => <f.TextField label="Tag" type="search" placeholder="e.g. translator" max={maxLengthOf(AgentListQuery, 'tag')} className="w-full sm:w-48" />}
      </form.AppField>
      <form.AppField name="status" listeners={{ onChange: () => apply(form.state.values) }}>
        {(f) => <f.SelectField label="Status" options={statuses} className="w-full sm:w-40" />}
      </form.AppField>
      {filtered ? (
        <Button variant="ghost" className="sm:mt-6" onClick={() => onChange({})}>
          Clear filters
        </Button>
      ) : null}
    </form>
  );
}
