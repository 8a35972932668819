import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Panel } from '../../../components/ui/card';
import { ListEmpty, ListFailed, ListLoading } from '../../../components/ui/list-states';
import { socialQueries } from '../api/queries';
import { TrendBars } from './trend-bars';

/** The top worldwide trends beside the search. */
export function TrendsPanel() {
  const trends = useQuery(socialQueries.trends(1, 10));
  return (
    <Panel
      title="Trends"
      aside={
        <Link to="/social/trends" className="text-sm text-accent hover:underline">
          All trends
        </Link>
      }
      bodyClassName="p-2"
    >
      {trends.isPending ? (
        <ListLoading label="Loading trends" />
      ) : trends.isError ? (
        <ListFailed title="Trends could not be loaded" error={trends.error} onRetry={() => void trends.refetch()} />
      ) : trends.data.trends.length === 0 ? (
        <ListEmpty>No trends here right now.</ListEmpty>
      ) : (
        <TrendBars trends={trends.data.trends} label="Worldwide trends by number of recent posts" />
      )}
    </Panel>
  );
}
