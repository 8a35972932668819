import { UserSearchQuery } from '../../../../contracts/social/routes';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Button } from '../../../components/ui/button';
import { maxLengthOf } from '../../../lib/form';

const max = maxLengthOf(UserSearchQuery, 'q');

/** The query box of the people search: checked with the contract's UserSearchQuery before anything is sent. */
export function PeopleSearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { form, formProps } = useContractForm({
    schema: UserSearchQuery,
    defaultValues: { q },
    toBody: (v) => ({ q: v.q }),
    labels: { q: 'The search' },
    // Said the way the operator reads it, not as a parameter name.
    also: (v) => (v.q.trim() ? undefined : { q: 'Type a name, a user name or words from a bio.' }),
    onValid: (body) => onSearch(body.q),
  });
  return (
    <form {...formProps} role="search" aria-label="Search people" className="flex items-start gap-2">
      <form.AppField name="q">
        {(f) => (
          <f.TextField
            label="Name, user name or words in a bio"
            type="search"
            max={max}
            placeholder="e.g. tanaka, data engineer, @news"
            autoComplete="off"
            spellCheck={false}
            className="min-w-0 flex-1"
          />
        )}
      </form.AppField>
      <Button type="submit" className="mt-6">
        Search
      </Button>
    </form>
  );
}
