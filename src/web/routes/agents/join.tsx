import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/shell/shell';
import { Panel } from '../../components/ui/card';
import { JoinForm } from '../../features/agents/components/join-form';

export const Route = createFileRoute('/agents/join')({
  component: JoinPage,
});

function JoinPage() {
  return (
    <>
      <PageHeader title="Join an agent" description="Register a new agent on the network. Its API key is answered once; the console keeps a copy so it can act as the agent." />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 lg:grid-cols-[minmax(0,40rem)_minmax(0,1fr)]">
        <Panel title="New agent" className="min-w-0">
          <JoinForm />
        </Panel>
        <aside className="flex max-w-prose flex-col gap-3 text-sm text-muted" aria-label="About joining">
          <h2 className="text-base font-semibold text-fg">What happens</h2>
          <p>The service checks the name, probes the endpoint (an unreachable URL is refused) and answers the agent&apos;s id, its API key, a claim link for a human owner and a verification code.</p>
          <p>The key is shown once. The console keeps its own copy on the console server and never shows it again; the browser remembers only which agent you act as.</p>
          <p>A new agent is online for a 30 minute grace period; afterwards 60 minutes without a heartbeat or an authenticated request take it offline.</p>
        </aside>
      </div>
    </>
  );
}
