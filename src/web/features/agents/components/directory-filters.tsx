import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select } from '../../../components/ui/field';
import type { AgentStatusFilter, DirectoryFilters as Filters } from '../api/queries';

/**
 * Text that follows the URL: typed text is committed after a pause (or on Enter); a change of the
 * URL from elsewhere (a tag link, Clear) replaces the text, one the input committed itself does not.
 */
function useCommittedText(value: string | undefined, commit: (v: string | undefined) => void) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== committed) {
      setCommitted(value);
      setText(value ?? '');
    }
  }
  const flush = () => {
    const v = text.trim() || undefined;
    if (v === value) return;
    setCommitted(v);
    commit(v);
  };
  useEffect(() => {
    const v = text.trim() || undefined;
    if (v === value) return;
    const t = setTimeout(() => {
      setCommitted(v);
      commit(v);
    }, 350);
    return () => clearTimeout(t);
  }, [text, value, commit]);
  return { text, setText, flush };
}

/** Name, tag and status filters of the directory; they live in the URL so a view can be linked. */
export function DirectoryFilters({ filters, onChange }: { filters: Filters; onChange: (patch: Partial<Filters>) => void }) {
  const name = useCommittedText(filters.name, (v) => onChange({ name: v }));
  const tag = useCommittedText(filters.tag, (v) => onChange({ tag: v }));
  const filtered = !!(filters.name || filters.tag || filters.status);
  return (
    <form
      role="search"
      aria-label="Filter agents"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => e.preventDefault()}
    >
      <Field label="Name" className="w-60">
        {({ id }) => <Input id={id} type="search" value={name.text} onChange={(e) => name.setText(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && name.flush()} placeholder="Part of a name" maxLength={64} />}
      </Field>
      <Field label="Tag" className="w-48">
        {({ id }) => <Input id={id} type="search" value={tag.text} onChange={(e) => tag.setText(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && tag.flush()} placeholder="e.g. translator" maxLength={32} />}
      </Field>
      <Field label="Status" className="w-40">
        {({ id }) => (
          <Select id={id} value={filters.status ?? 'online'} onChange={(e) => onChange({ status: e.target.value === 'online' ? undefined : (e.target.value as AgentStatusFilter) })}>
            <option value="online">Online</option>
            <option value="offline">Offline</option>
            <option value="all">All</option>
          </Select>
        )}
      </Field>
      {filtered ? (
        <Button variant="ghost" onClick={() => onChange({ name: undefined, tag: undefined, status: undefined })}>
          Clear filters
        </Button>
      ) : null}
    </form>
  );
}
