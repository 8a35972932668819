import { useRef, useState, type FormEvent } from 'react';
import { z } from '../../../../contracts/zod';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';

/** What the service takes as a people query (its `users/search` q), said as the operator reads it. */
const PeopleQuery = z.string().check(
  z.trim(),
  z.minLength(1, 'Type a name, a user name or words from a bio.'),
  z.maxLength(100, 'A people search takes at most 100 characters.'),
);

/** The query box of the people search: checked before anything is sent. Key it by `q` to reset it. */
export function PeopleSearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = PeopleQuery.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'This search cannot be sent.');
      inputRef.current?.focus();
      return;
    }
    onSearch(parsed.data);
  };

  return (
    <form role="search" aria-label="Search people" onSubmit={submit} noValidate className="flex items-start gap-2">
      <Field label="Name, user name or words in a bio" error={error} className="min-w-0 flex-1">
        {({ id, describedBy, invalid }) => (
          <Input
            ref={inputRef}
            id={id}
            type="search"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            placeholder="e.g. tanaka, data engineer, @news"
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
      <Button type="submit" className="mt-6">
        Search
      </Button>
    </form>
  );
}
