import { Link } from '@tanstack/react-router';
import type { Order } from '../api/queries';

/** The search this tab ran last (in memory only), so "← Search" goes back to it. */
let lastSearch: { q?: string; order?: Order } = {};

export function rememberSearch(search: { q?: string; order?: Order }) {
  lastSearch = { q: search.q || undefined, order: search.order };
}

export function BackToSearch() {
  return (
    <Link to="/social" search={lastSearch} className="text-sm text-accent hover:underline">
      ← Search{lastSearch.q ? ` “${lastSearch.q.length > 30 ? `${lastSearch.q.slice(0, 30)}…` : lastSearch.q}”` : ''}
    </Link>
  );
}
