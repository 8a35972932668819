import { Link } from '@tanstack/react-router';
import { useActing } from '../hooks/use-acting';
import { ActingSelect } from './acting-select';

const tabs = [
  { to: '/agents', label: 'Directory', exact: true },
  { to: '/agents/join', label: 'Join an agent', exact: false },
  { to: '/agents/subnets', label: 'Subnets', exact: false },
  { to: '/agents/orgs', label: 'Orgs', exact: false },
  { to: '/agents/tasks', label: 'Tasks', exact: false },
  { to: '/agents/messages', label: 'Messages', exact: false },
  { to: '/agents/payments', label: 'Payments', exact: false },
  { to: '/agents/events', label: 'Events', exact: false },
  { to: '/agents/a2a', label: 'A2A check', exact: false },
  { to: '/agents/topology', label: 'Topology', exact: false },
] as const;

/** The Agents section's own bar: its pages, and who the console acts as. */
export function AgentsBar() {
  const { actAs } = useActing();
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-border bg-surface-2/60 px-4 py-2 sm:px-6">
      <nav aria-label="Agents">
        <ul className="flex flex-wrap gap-1">
          {tabs.map((t) => (
            <li key={t.to}>
              <Link
                to={t.to}
                activeOptions={{ exact: t.exact, includeSearch: false }}
                className="block rounded px-2.5 py-1 text-base text-muted hover:bg-surface hover:text-fg"
                activeProps={{ className: 'bg-surface !text-fg font-medium shadow-card', 'aria-current': 'page' }}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex min-w-0 flex-wrap items-center gap-3 max-sm:w-full">
        <ActingSelect />
        {actAs ? (
          <Link to="/agents/$agentId" params={{ agentId: actAs }} className="text-sm text-accent hover:underline">
            Manage
          </Link>
        ) : null}
      </div>
    </div>
  );
}
