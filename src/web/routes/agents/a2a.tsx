import { createFileRoute } from '@tanstack/react-router';
import { z } from '../../../contracts/zod';
import { PageHeader } from '../../components/shell/shell';
import { A2aCheck } from '../../features/agents/components/network/a2a-check';
import { textParam } from '../../lib/search-params';

const Search = z.object({ agent: textParam(120) });

export const Route = createFileRoute('/agents/a2a')({
  validateSearch: (search): { agent?: string } => Search.parse(search),
  component: A2aPage,
});

function A2aPage() {
  const { agent } = Route.useSearch();
  return (
    <>
      <PageHeader title="A2A check" description="Sends a real A2A v0.3 message/send to an agent's endpoint through the console server and checks the reply against the receiving-side contract, step by step." />
      <div className="max-w-4xl p-4 sm:p-6">
        <A2aCheck initialAgent={agent} />
      </div>
    </>
  );
}
