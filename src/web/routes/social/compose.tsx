import { createFileRoute } from '@tanstack/react-router';
import { z } from '../../../contracts/zod';
import { PageHeader } from '../../components/shell/shell';
import { Panel } from '../../components/ui/card';
import { wfQueries } from '../../features/social/api/workflows';
import { ComposeForm, DmForm, NoAccount, useConnectedAccount } from '../../features/social/components/workflows/writes';
import { textParam } from '../../lib/search-params';

const Search = z.object({ to: textParam(25) });

export const Route = createFileRoute('/social/compose')({
  validateSearch: (search) => Search.parse(search),
  loader: ({ context }) => void context.queryClient.prefetchQuery(wfQueries.account()),
  component: ComposePage,
});

function ComposePage() {
  const { to } = Route.useSearch();
  const { account, loading } = useConnectedAccount();
  return (
    <>
      <PageHeader
        title="Post and message"
        description={account ? `Acting as @${account}, the account connected to the API key. Every action asks first.` : 'Writes act as the account connected to the API key.'}
      />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 xl:grid-cols-2">
        <div className="xl:col-span-2">
          <NoAccount account={account} loading={loading} />
        </div>
        <Panel title="Publish a post">
          <ComposeForm />
        </Panel>
        <Panel title="Direct message">
          <DmForm key={to ?? ''} to={to} />
        </Panel>
      </div>
    </>
  );
}
