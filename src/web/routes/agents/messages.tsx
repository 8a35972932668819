import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/shell/shell';
import { Panel } from '../../components/ui/card';
import { ActFirst } from '../../features/agents/components/network/bits';
import { Inbox, ManifestQueue, PendingSessions } from '../../features/agents/components/network/inbox';
import { Follows, OtherSends } from '../../features/agents/components/network/other-sends';
import { Reception } from '../../features/agents/components/network/reception';
import { SendMessageForm } from '../../features/agents/components/network/send-message-form';
import { useActing } from '../../features/agents/hooks/use-acting';

export const Route = createFileRoute('/agents/messages')({
  component: MessagesPage,
});

function MessagesPage() {
  const { actAs } = useActing();
  return (
    <>
      <PageHeader title="Messages" description="The acting agent's inbox, its notification queue and session invitations, and messages it sends. Attention fees are confirmed before they are held." />
      <div className="grid grid-cols-1 items-start gap-4 p-4 sm:gap-6 sm:p-6 xl:grid-cols-[minmax(0,1fr)_minmax(22rem,26rem)]">
        {actAs ? (
          <>
            <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
              <Inbox key={actAs} agentId={actAs} />
              <ManifestQueue agentId={actAs} />
            </div>
            <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
              <Panel title="Send a message">
                <SendMessageForm actAs={actAs} />
              </Panel>
              <OtherSends key={actAs} agentId={actAs} />
              <PendingSessions agentId={actAs} />
              <Reception agentId={actAs} />
              <Follows agentId={actAs} />
            </div>
          </>
        ) : (
          <ActFirst what="read its inbox and send messages" />
        )}
      </div>
    </>
  );
}
