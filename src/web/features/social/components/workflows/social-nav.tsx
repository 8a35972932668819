import { Link } from '@tanstack/react-router';

const links = [
  { to: '/social', label: 'Search', exact: true },
  { to: '/social/people', label: 'People', exact: false },
  { to: '/social/trends', label: 'Trends', exact: false },
  { to: '/social/extractions', label: 'Extractions', exact: false },
  { to: '/social/draws', label: 'Draws', exact: false },
  { to: '/social/monitors', label: 'Monitors & events', exact: false },
  { to: '/social/webhooks', label: 'Webhooks', exact: false },
  { to: '/social/lookup', label: 'Lookup & radar', exact: false },
  { to: '/social/compose', label: 'Post & message', exact: false },
] as const;

/** The social pages' own navigation (wraps on a phone rather than scrolling sideways). */
export function SocialNav() {
  return (
    <nav aria-label="Social" className="border-b border-border bg-surface px-2 sm:px-4">
      <ul className="flex flex-wrap gap-x-1">
        {links.map((l) => (
          <li key={l.to}>
            <Link
              to={l.to}
              activeOptions={{ exact: l.exact }}
              className="inline-block border-b-2 border-transparent px-2 py-2 text-sm text-muted hover:text-fg"
              activeProps={{ className: '!border-accent !text-fg font-medium', 'aria-current': 'page' }}
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
