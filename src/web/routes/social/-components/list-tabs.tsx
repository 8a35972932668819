import { Link } from '@tanstack/react-router';
import type { PostTab, UserTab } from '../../../features/social/tabs';

const tabClass = (active: boolean) =>
  active ? 'border-b-2 border-accent px-3 py-2 text-base font-medium text-fg' : 'border-b-2 border-transparent px-3 py-2 text-base text-muted hover:text-fg';

/**
 * The tabs over a post's or a user's lists: links to the same page with `?tab=` (none for the first
 * tab), replacing the history entry so Back leaves the page rather than walking the tabs.
 */
export function ListTabs<T extends PostTab | UserTab>({ label, tabs, current }: { label: string; tabs: Record<T, { label: string }>; current: T }) {
  const names = Object.keys(tabs) as T[];
  return (
    <nav aria-label={label} className="flex flex-wrap border-b border-border px-2">
      {names.map((name, i) => (
        <Link
          key={name}
          to="."
          search={{ tab: i === 0 ? undefined : name }}
          replace
          aria-current={current === name ? 'page' : undefined}
          className={tabClass(current === name)}
        >
          {tabs[name].label}
        </Link>
      ))}
    </nav>
  );
}
