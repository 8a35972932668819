import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AuditEntry } from '../../../../contracts/audit';
import { services } from '../../../../contracts/services';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select } from '../../../components/ui/field';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { formatDateTime } from '../../../lib/format-extra';
import { spendQueries } from '../api/queries';

type Filters = { actor?: string; outcome?: 'done' | 'refused'; spent?: boolean };

function Entry({ e }: { e: AuditEntry }) {
  const refused = e.status >= 400;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 border-b border-border px-1 py-2 text-sm">
      <span className="min-w-0 break-all font-mono text-xs">
        {e.method} {e.path}
      </span>
      <span className="text-right">
        <Badge tone={refused ? 'danger' : 'success'} title={`The console answered ${e.status}`}>
          {refused ? `Refused (${e.status})` : `Done (${e.status})`}
        </Badge>
      </span>
      <span className="flex min-w-0 flex-wrap items-center gap-2 text-xs text-muted">
        <span>{formatDateTime(e.at)}</span>
        <span>· {e.actor ? `${e.actor} (${e.role ?? 'no role'})` : 'the console’s one person (no sign-in)'}</span>
      </span>
      <span className="text-right font-mono text-xs tabular-nums">
        {e.spend ? `${services[e.spend.service].label}: ${e.spend.actual ?? e.spend.reserved} ${e.spend.unit}${e.spend.actual === null ? '*' : ''}` : ''}
      </span>
    </div>
  );
}

/** Every write made through the console (the audit log, for admins): who, when, what it answered and spent; filtered, a page at a time. */
export function AuditLog() {
  const [filters, setFilters] = useState<Filters>({});
  const [actor, setActor] = useState('');
  const query = useInfiniteQuery(spendQueries.audit(filters));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters((f) => ({ ...f, actor: actor.trim() || undefined }));
  };
  return (
    <div className="flex flex-col gap-3">
      <form className="flex flex-wrap items-end gap-3" onSubmit={apply} aria-label="Filter the audit log">
        <Field label="Who (email)" className="w-64 max-w-full">
          {({ id }) => <Input id={id} type="email" maxLength={254} value={actor} onChange={(e) => setActor(e.target.value)} placeholder="anyone" />}
        </Field>
        <Field label="Answer" className="w-44">
          {({ id }) => (
            <Select id={id} value={filters.outcome ?? ''} onChange={(e) => setFilters((f) => ({ ...f, outcome: (e.target.value || undefined) as Filters['outcome'] }))}>
              <option value="">Any answer</option>
              <option value="done">Done</option>
              <option value="refused">Refused</option>
            </Select>
          )}
        </Field>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" checked={filters.spent ?? false} onChange={(e) => setFilters((f) => ({ ...f, spent: e.target.checked || undefined }))} />
          Only writes that spent
        </label>
        <Button type="submit" size="sm">
          Filter
        </Button>
      </form>
      <InfiniteList
        query={query}
        getKey={(e) => String(e.id)}
        renderItem={(e) => <Entry e={e} />}
        estimateSize={64}
        label="Audit log"
        noun="writes"
        className="max-h-[32rem] border-t border-border"
        empty={filters.actor || filters.outcome || filters.spent ? 'No write matches these filters.' : 'No write made through the console yet.'}
      />
    </div>
  );
}
