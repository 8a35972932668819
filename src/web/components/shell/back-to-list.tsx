import { Link, useLocation } from '@tanstack/react-router';

/** Where "back" leads from a page that cannot be shown: the list its address belongs to. */
const ways = [
  { prefix: '/3d', to: '/3d', label: 'Back to all tasks' },
  { prefix: '/social/extractions', to: '/social/extractions', label: 'Back to all extractions' },
  { prefix: '/social/draws', to: '/social/draws', label: 'Back to all draws' },
  { prefix: '/social', to: '/social', label: 'Back to the search' },
  { prefix: '/agents/subnets', to: '/agents/subnets', label: 'Back to all subnets' },
  { prefix: '/agents/orgs', to: '/agents/orgs', label: 'Back to all organizations' },
  { prefix: '/agents/tasks', to: '/agents/tasks', label: 'Back to the task pool' },
  { prefix: '/agents', to: '/agents', label: 'Back to the directory' },
  { prefix: '/connections', to: '/connections', label: 'Back to the connections' },
] as const;

export const wayBackFrom = (pathname: string) => ways.find((w) => pathname === w.prefix || pathname.startsWith(`${w.prefix}/`)) ?? { to: '/3d' as const, label: 'Go to the 3D tasks' };

export function BackToList() {
  const pathname = useLocation({ select: (l) => l.pathname });
  const way = wayBackFrom(pathname);
  return (
    <Link to={way.to} className="font-medium text-accent underline">
      {way.label}
    </Link>
  );
}
