import { useQuery } from '@tanstack/react-query';
import { Field, Select } from '../../../components/ui/field';
import { ListEmpty, ListFailed, ListLoading } from '../../../components/ui/list-states';
import { socialQueries } from '../api/queries';
import { TrendBars } from './trend-bars';

/** Places trends are asked for, by their (Yahoo) WOEID, as the platform names them. */
export const places = [
  { woeid: 1, name: 'Worldwide' },
  { woeid: 23424977, name: 'United States' },
  { woeid: 23424975, name: 'United Kingdom' },
  { woeid: 23424950, name: 'Spain' },
  { woeid: 23424900, name: 'Mexico' },
  { woeid: 23424819, name: 'France' },
  { woeid: 23424829, name: 'Germany' },
  { woeid: 23424768, name: 'Brazil' },
  { woeid: 23424925, name: 'Portugal' },
  { woeid: 23424856, name: 'Japan' },
];

/** A place picker and that place's top 50 trends as bars. */
export function PlaceTrends({ woeid, onPlace }: { woeid: number; onPlace: (woeid: number) => void }) {
  const trends = useQuery(socialQueries.trends(woeid, 50));
  const name = places.find((p) => p.woeid === woeid)?.name ?? `place ${woeid}`;
  return (
    <div className="flex flex-col gap-4">
      <Field label="Place" className="max-w-xs">
        {({ id }) => (
          <Select id={id} value={woeid} onChange={(e) => onPlace(Number(e.target.value))}>
            {places.map((p) => (
              <option key={p.woeid} value={p.woeid}>
                {p.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {trends.isPending ? (
        <ListLoading label="Loading trends" />
      ) : trends.isError ? (
        <ListFailed title="Trends could not be loaded" error={trends.error} onRetry={() => void trends.refetch()} />
      ) : trends.data.trends.length === 0 ? (
        <ListEmpty>No trends for {name} right now.</ListEmpty>
      ) : (
        <TrendBars trends={trends.data.trends} label={`Trends in ${name} by posts`} />
      )}
    </div>
  );
}
