import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select } from '../../../components/ui/field';
import { Checkbox } from '../../../components/ui/choices';
import type { SearchForm } from '../hooks/use-search-form';
import type { TextFilter as TextKey } from '../search-checks';

const groups: Array<{ title: string; fields: Array<{ key: TextKey; label: string; hint?: string; type?: 'date' | 'number' }> }> = [
  {
    title: 'Words',
    fields: [
      { key: 'allWords', label: 'All of these words' },
      { key: 'exactPhrase', label: 'This exact phrase' },
      { key: 'anyWords', label: 'Any of these words' },
      { key: 'noneWords', label: 'None of these words' },
      { key: 'hashtags', label: 'These hashtags', hint: 'e.g. coffee travel' },
    ],
  },
  {
    title: 'Accounts',
    fields: [
      { key: 'from', label: 'From these accounts', hint: 'User names, spaces between' },
      { key: 'to', label: 'To these accounts', hint: 'Replies to them' },
      { key: 'mentioning', label: 'Mentioning these accounts' },
    ],
  },
  {
    title: 'Dates and engagement',
    fields: [
      { key: 'since', label: 'Since', type: 'date' },
      { key: 'until', label: 'Until', type: 'date', hint: 'Up to the day before' },
      { key: 'minFaves', label: 'Minimum likes', type: 'number' },
      { key: 'minRetweets', label: 'Minimum reposts', type: 'number' },
      { key: 'minReplies', label: 'Minimum replies', type: 'number' },
    ],
  },
];

const languages: Array<[string, string]> = [
  ['', 'Any language'],
  ['en', 'English'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['pt', 'Portuguese'],
  ['ja', 'Japanese'],
];

/**
 * Fields that write the query in the platform's syntax, for those who do not know it. When the
 * box holds syntax no field can show (a group, an excluded phrase…), the panel says so and stays
 * locked rather than overwrite the query.
 */
export function FilterPanel({ search }: { search: SearchForm }) {
  const f = search.values.filters;
  const readable = search.values.readable;
  const problems = search.fieldProblems;
  const langs = f.lang && !languages.some(([code]) => code === f.lang) ? [...languages, [f.lang, f.lang] as [string, string]] : languages;
  return (
    <div className="flex flex-col gap-3 rounded-md border border-border bg-surface-2/40 p-4">
      {!readable ? (
        <Alert
          tone="info"
          title={!search.problem ? 'The query uses syntax these fields cannot show' : 'Fix the query to edit it here'}
          action={
            <Button size="sm" onClick={search.clear}>
              Clear the query
            </Button>
          }
        >
          {!search.problem
            ? 'The fields are locked so they do not overwrite it; the query still runs as typed. Clear it to build a new one with the fields.'
            : 'The message under the query box says what to change; the fields follow once the query reads.'}
        </Alert>
      ) : null}
      <fieldset disabled={!readable} aria-label="Query builder" className="grid grid-cols-1 gap-x-6 gap-y-4 disabled:opacity-60 md:grid-cols-3">
        {groups.map((g) => (
          <fieldset key={g.title} className="flex min-w-0 flex-col gap-2.5">
            <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{g.title}</legend>
            {g.fields.map((field) => (
              <Field key={field.key} label={field.label} hint={field.hint} errors={problems[field.key]}>
                {({ id, describedBy, invalid }) => (
                  <Input
                    id={id}
                    type={field.type ?? 'text'}
                    min={field.type === 'number' ? 0 : undefined}
                    inputMode={field.type === 'number' ? 'numeric' : undefined}
                    value={f[field.key]}
                    onChange={(e) => search.setFilter(field.key, e.target.value)}
                    aria-describedby={describedBy}
                    aria-invalid={invalid || undefined}
                    autoComplete="off"
                  />
                )}
              </Field>
            ))}
            {g.title === 'Accounts' ? (
              <>
                <Field label="Language">
                  {({ id }) => (
                    <Select id={id} value={f.lang} onChange={(e) => search.setFilter('lang', e.target.value)}>
                      {langs.map(([code, name]) => (
                        <option key={code} value={code}>
                          {name}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <div className="mt-1 flex flex-col gap-2">
                  <Checkbox label="Media only" checked={f.media} onChange={(e) => search.setFilter('media', e.target.checked)} />
                  <Checkbox label="Verified only" checked={f.verified} onChange={(e) => search.setFilter('verified', e.target.checked)} />
                  <Checkbox label="Exclude replies" checked={f.excludeReplies} onChange={(e) => search.setFilter('excludeReplies', e.target.checked)} />
                </div>
              </>
            ) : null}
          </fieldset>
        ))}
      </fieldset>
    </div>
  );
}
