import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useTheme } from '../../lib/theme';
import { Button } from '../ui/button';
import { LiveIndicator } from './live-indicator';

const nav = [
  { to: '/3d', label: '3D' },
  { to: '/social', label: 'Social' },
  { to: '/agents', label: 'Agents' },
  { to: '/spend', label: 'Spend' },
  { to: '/connections', label: 'Connections' },
] as const;

/** The signed-in operator, named by the server in the page when sign-in is on (no request needed). */
const operator = typeof document === 'undefined' ? undefined : document.querySelector<HTMLMetaElement>('meta[name="triptych-operator"]')?.content;

function Brand({ className }: { className?: string }) {
  return (
    <Link to="/3d" className={cn('flex items-center gap-2 px-2 text-lg font-semibold', className)}>
      <img src="/favicon.svg" alt="" className="size-6" />
      Triptych
    </Link>
  );
}

/**
 * The console frame: navigation, each service's mode and balance (`services`), live status, theme.
 * From 1024 px a sidebar; below, a top bar whose Menu button opens the same navigation.
 */
export function Shell({ services, children }: { services: ReactNode; children: ReactNode }) {
  const { theme, toggle } = useTheme();
  const pathname = useLocation({ select: (l) => l.pathname });
  // The menu is open for one address: following a link closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const setOpen = (next: (was: boolean) => boolean) => setOpenAt(next(open) ? pathname : null);
  const menuId = useId();
  return (
    <div className="flex h-full flex-col lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
      <a href="#main" className="sr-only z-50 rounded bg-accent px-3 py-2 text-accent-fg focus:not-sr-only focus:absolute focus:left-3 focus:top-3">
        Skip to content
      </a>
      <div className="flex items-center justify-between gap-3 border-b border-border bg-surface px-3 py-2 lg:hidden">
        <Brand />
        <div className="flex items-center gap-2">
          <LiveIndicator />
          <Button size="sm" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((v) => !v)}>
            {open ? 'Close menu' : 'Menu'}
          </Button>
        </div>
      </div>
      <aside
        id={menuId}
        aria-label="Console"
        className={cn(
          'flex-col gap-5 border-border bg-surface px-3 py-4 max-lg:max-h-[70vh] max-lg:overflow-auto max-lg:border-b lg:flex lg:gap-6 lg:border-r',
          open ? 'flex' : 'hidden',
        )}
      >
        <Brand className="max-lg:hidden" />
        <nav aria-label="Main">
          <ul className="flex flex-col gap-0.5">
            {nav.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="flex items-center justify-between rounded px-2 py-1.5 text-base text-muted hover:bg-surface-2 hover:text-fg"
                  activeProps={{ className: 'bg-surface-2 !text-fg font-medium', 'aria-current': 'page' }}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-label="Services" className="flex flex-col gap-2 px-2">
          <h2 className="text-xs font-semibold uppercase tracking-wide text-muted">Services</h2>
          {services}
        </section>
        {operator ? (
          <section aria-label="Operator" className="mt-auto flex flex-col gap-1 px-2 text-xs text-muted">
            <span className="truncate">
              Signed in as <span className="text-fg">{operator}</span>
            </span>
            <span className="flex gap-3">
              <a href="/account" className="text-accent underline">
                Account
              </a>
              <form method="post" action="/sign-out">
                <button type="submit" className="text-accent underline">
                  Sign out
                </button>
              </form>
            </span>
          </section>
        ) : null}
        <div className={cn('flex flex-wrap items-center justify-between gap-2 px-2', !operator && 'mt-auto')}>
          <LiveIndicator className="max-lg:hidden" />
          <Button size="sm" variant="ghost" onClick={toggle} aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}>
            {theme === 'dark' ? '☀ Light' : '☾ Dark'}
          </Button>
        </div>
      </aside>
      {/* The gutter is kept: the page keeps its width when it grows long enough to scroll (a 3D preview
          made before its panels appeared keeps its size). */}
      <main id="main" tabIndex={-1} className="min-h-0 min-w-0 flex-1 overflow-auto [scrollbar-gutter:stable] focus:outline-none">
        {children}
      </main>
    </div>
  );
}

/** Page heading with optional actions; every page starts with one. It also names the browser tab. */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  useEffect(() => {
    if (typeof title === 'string') document.title = `${title} · Triptych`;
  }, [title]);
  return (
    <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 border-b border-border bg-surface px-4 py-3 sm:px-6 sm:py-4">
      <div className="min-w-0 flex-1 basis-64">
        <h1 className="text-xl font-semibold break-words">{title}</h1>
        {description ? <p className="mt-0.5 text-base text-muted">{description}</p> : null}
      </div>
      {actions}
    </header>
  );
}
