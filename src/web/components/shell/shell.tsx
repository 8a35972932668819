import { Link } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useLiveState } from '../../lib/live';
import { useTheme } from '../../lib/theme';
import { Button } from '../ui/button';

const nav = [
  { to: '/3d', label: '3D', note: null },
  { to: '/social', label: 'Social', note: null },
  { to: '/agents', label: 'Agents', note: null },
  { to: '/connections', label: 'Connections', note: null },
] as const;

/** The signed-in operator, named by the server in the page when sign-in is on (no request needed). */
const operator = typeof document === 'undefined' ? undefined : document.querySelector<HTMLMetaElement>('meta[name="triptych-operator"]')?.content;

/** The console frame: navigation, each service's mode and balance (`services`), live status, theme. */
export function Shell({ services, children }: { services: ReactNode; children: ReactNode }) {
  const { theme, toggle } = useTheme();
  const live = useLiveState();
  return (
    <div className="grid h-full grid-cols-[15rem_minmax(0,1fr)]">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-accent px-3 py-2 text-accent-fg focus:not-sr-only focus:absolute focus:left-3 focus:top-3"
      >
        Skip to content
      </a>
      <aside className="flex flex-col gap-6 border-r border-border bg-surface px-3 py-4">
        <Link to="/3d" className="flex items-center gap-2 px-2 text-lg font-semibold">
          <img src="/favicon.svg" alt="" className="size-6" />
          Triptych
        </Link>
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
                  {item.note ? <span className="text-xs text-muted">{item.note}</span> : null}
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
        <div className={operator ? 'flex items-center justify-between px-2' : 'mt-auto flex items-center justify-between px-2'}>
          <span className="flex items-center gap-1.5 text-xs text-muted" role="status" aria-label={`Live updates ${live === 'open' ? 'connected' : live}`}>
            <span className={live === 'open' ? 'size-2 rounded-full bg-success' : 'size-2 animate-pulse rounded-full bg-warning'} />
            {live === 'open' ? 'Live updates' : live === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
          </span>
          <Button size="sm" variant="ghost" onClick={toggle} aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}>
            {theme === 'dark' ? '☀ Light' : '☾ Dark'}
          </Button>
        </div>
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 overflow-auto focus:outline-none">
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
    <header className="flex items-start justify-between gap-4 border-b border-border bg-surface px-6 py-4">
      <div className="min-w-0">
        <h1 className="truncate text-xl font-semibold">{title}</h1>
        {description ? <p className="mt-0.5 text-base text-muted">{description}</p> : null}
      </div>
      {actions}
    </header>
  );
}
