import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { radarCategories, radarSources, socialOps, type Post, type SocialUser } from '../../../../../contracts/social';
import { BarChart } from '../../../../components/charts/bar-chart';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Field, Input, Select } from '../../../../components/ui/field';
import { Textarea } from '../../../../components/ui/textarea';
import { ListFailed, ListLoading } from '../../../../components/ui/list-states';
import { errorMessage } from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/format-extra';
import { callOperation } from '../../../../lib/operation';
import { wfKeys } from '../../api/workflows';
import { PostCard } from '../post-card';
import { UserRow } from '../user-row';
import { idsOf, lookups, type LookupKind } from '../../workflows';
import { Paged } from './paged';

type Asked = { kind: LookupKind; id: string; q: string };
type Page = { items: Array<Post | SocialUser>; hasNext: boolean; cursor: string | null };

const pagesOf = (a: Asked) =>
  infiniteQueryOptions({
    queryKey: [...wfKeys.all(), 'lookup', a] as const,
    queryFn: async ({ signal, pageParam }): Promise<Page> => {
      const cursor = pageParam ?? undefined;
      if (a.kind === 'tweets.batch' || a.kind === 'users.batch') {
        const r = await callOperation(socialOps[a.kind], { query: { ids: a.id }, signal });
        return { items: r.items, hasNext: false, cursor: null };
      }
      if (a.kind === 'communities.search') {
        const r = await callOperation(socialOps['communities.search'], { query: { communityId: a.id, q: a.q, cursor }, signal });
        return r;
      }
      if (a.kind === 'articles.get') return { items: [], hasNext: false, cursor: null };
      return callOperation(socialOps[a.kind], { params: { id: a.id }, query: { cursor }, signal }) as Promise<Page>;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNext && last.cursor ? last.cursor : undefined),
  });

/**
 * The reads of lists, communities, articles and batch lookups: choose what to read, give its ids,
 * read the answer page by page (posts as cards, users as rows).
 */
export function Lookup() {
  const [kind, setKind] = useState<LookupKind>('tweets.batch');
  const [idText, setIdText] = useState('');
  const [q, setQ] = useState('');
  const [asked, setAsked] = useState<Asked | null>(null);
  const [errors, setErrors] = useState<{ id?: string; q?: string }>({});
  const spec = lookups[kind];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: { id?: string; q?: string } = {};
    let id = idText.trim();
    if (spec.input === 'ids') {
      const r = idsOf(idText);
      if (r.error) next.id = r.error;
      id = r.ids ?? '';
    } else if (!/^\d{1,25}$/.test(id)) next.id = 'Enter a numeric id (digits only).';
    if (spec.input === 'id+q' && !q.trim()) next.q = 'Enter the words to search for.';
    setErrors(next);
    if (next.id || next.q) return;
    setAsked({ kind, id, q: q.trim() });
  };
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} noValidate aria-label="Look up" className="flex flex-col gap-3">
        <Field label="Read">
          {({ id }) => (
            <Select
              id={id}
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as LookupKind);
                setErrors({});
                // The answer read for another kind of lookup is not this one's.
                setAsked(null);
              }}
            >
              {Object.entries(lookups).map(([k, v]) => (
                <option key={k} value={k}>
                  {v.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {spec.input === 'ids' ? (
          <Field label="Ids" hint="Up to 100 numeric ids, separated by commas, spaces or lines." errors={errors.id}>
            {({ id, describedBy, invalid }) => <Textarea id={id} rows={2} maxLength={2600} aria-describedby={describedBy} aria-invalid={invalid || undefined} value={idText} onChange={(e) => setIdText(e.target.value)} />}
          </Field>
        ) : (
          <Field label={kind.startsWith('lists') ? 'List id' : kind === 'articles.get' ? 'Post id' : 'Community id'} errors={errors.id}>
            {({ id, describedBy, invalid }) => <Input id={id} inputMode="numeric" maxLength={25} aria-describedby={describedBy} aria-invalid={invalid || undefined} value={idText} onChange={(e) => setIdText(e.target.value)} />}
          </Field>
        )}
        {spec.input === 'id+q' ? (
          <Field label="Words" errors={errors.q}>
            {({ id, describedBy, invalid }) => <Input id={id} maxLength={512} aria-describedby={describedBy} aria-invalid={invalid || undefined} value={q} onChange={(e) => setQ(e.target.value)} />}
          </Field>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" variant="primary">
            Read
          </Button>
        </div>
      </form>
      {asked ? asked.kind === 'articles.get' ? <ArticleView id={asked.id} /> : asked.kind.startsWith('communities') ? <CommunityHead id={asked.id} /> : null : null}
      {asked && asked.kind !== 'articles.get' ? <Results key={JSON.stringify(asked)} asked={asked} /> : null}
    </div>
  );
}

function Results({ asked }: { asked: Asked }) {
  const query = useInfiniteQuery(pagesOf(asked));
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const users = lookups[asked.kind].gives === 'users';
  const batch = asked.kind === 'tweets.batch' || asked.kind === 'users.batch';
  const asks = asked.id.split(',');
  // A batch answers only what it found: the ids left out are named rather than silently dropped.
  const missing = batch && query.isSuccess ? asks.filter((id) => !items.some((it) => it.id === id)) : [];
  return (
    <section aria-label="Results" className="rounded border border-border">
      {missing.length ? (
        <p className="border-b border-border px-3 py-2 text-sm text-muted [overflow-wrap:anywhere]">
          Not found: {missing.join(', ')} ({missing.length} of {asks.length} {asks.length === 1 ? 'id' : 'ids'}).
        </p>
      ) : null}
      <Paged query={query} items={items} noun={users ? 'users' : 'posts'} empty="Nothing here.">
        {(list) => (
          <ul className="divide-y divide-border">
            {list.map((it) => (
              <li key={it.id}>{users ? <UserRow user={it as SocialUser} /> : <PostCard post={it as Post} />}</li>
            ))}
          </ul>
        )}
      </Paged>
    </section>
  );
}

function CommunityHead({ id }: { id: string }) {
  const info = useQuery({ queryKey: [...wfKeys.all(), 'community', id] as const, queryFn: ({ signal }) => callOperation(socialOps['communities.info'], { params: { id }, signal }) });
  if (info.isError) return <Alert title="The community could not be read">{errorMessage(info.error)}</Alert>;
  if (!info.data) return null;
  return (
    <section aria-label="Community" className="rounded border border-border p-3">
      <h2 className="font-semibold">{info.data.name}</h2>
      <p className="text-sm text-muted">{info.data.description}</p>
      <p className="text-sm">
        {info.data.members.toLocaleString('en')} members · {info.data.moderators.toLocaleString('en')} moderators
      </p>
    </section>
  );
}

function ArticleView({ id }: { id: string }) {
  const a = useQuery({ queryKey: [...wfKeys.all(), 'article', id] as const, queryFn: ({ signal }) => callOperation(socialOps['articles.get'], { params: { id }, signal }) });
  if (a.isPending) return <ListLoading label="Loading the article" />;
  if (a.isError) return <ListFailed title="The article could not be read" error={a.error} onRetry={() => void a.refetch()} />;
  return (
    <article className="flex flex-col gap-2 rounded border border-border p-3">
      <h2 className="text-lg font-semibold">{a.data.title || 'Untitled article'}</h2>
      <p className="text-sm text-muted">
        {a.data.author ? `by @${a.data.author.username}` : ''}
        {a.data.createdAt ? ` · ${formatDateTime(a.data.createdAt)}` : ''}
      </p>
      <p className="whitespace-pre-wrap break-words">{a.data.text}</p>
    </article>
  );
}

/** Topics rising across sources, by source and category, paged; the loaded ones' scores compared. */
export function RadarPanel() {
  const [source, setSource] = useState('');
  const [category, setCategory] = useState('');
  const query = useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...wfKeys.all(), 'radar', source, category] as const,
      queryFn: ({ signal, pageParam }) => callOperation(socialOps.radar, { query: { source: source || undefined, category: category || undefined, limit: 20, cursor: pageParam ?? undefined }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => (last.hasMore && last.cursor ? last.cursor : undefined),
    }),
  );
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const top = [...items].sort((a, b) => b.score - a.score).slice(0, 8);
  return (
    <div className="flex flex-col">
      <div className="grid grid-cols-1 gap-3 border-b border-border p-3 sm:grid-cols-2">
        <Field label="Source">
          {({ id }) => (
            <Select id={id} value={source} onChange={(e) => setSource(e.target.value)}>
              <option value="">Every source</option>
              {radarSources.map((s) => (
                <option key={s} value={s}>
                  {s.replace('_', ' ')}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Category">
          {({ id }) => (
            <Select id={id} value={category} onChange={(e) => setCategory(e.target.value)}>
              <option value="">Every category</option>
              {radarCategories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {top.length ? (
        <div className="border-b border-border p-3">
          <BarChart label="Scores of the highest loaded topics" unit="points" height={150} bars={top.map((t, i) => ({ key: t.id, label: `#${i + 1}`, value: t.score }))} />
        </div>
      ) : null}
      <Paged query={query} items={items} noun="topics" empty="No topic for these filters.">
        {(list) => (
          <ol aria-label="Radar" className="divide-y divide-border">
            {list.map((t) => (
              <li key={t.id} className="flex flex-col gap-0.5 px-3 py-2">
                <p className="break-words font-medium">
                  {t.url ? (
                    <a href={t.url} target="_blank" rel="noopener noreferrer" className="text-accent hover:underline">
                      {t.title}
                    </a>
                  ) : (
                    t.title
                  )}
                </p>
                <p className="text-xs text-muted">
                  {t.source.replace('_', ' ')} · {t.category} · score {t.score}
                  {t.publishedAt ? ` · ${formatDateTime(t.publishedAt)}` : ''}
                </p>
              </li>
            ))}
          </ol>
        )}
      </Paged>
    </div>
  );
}
