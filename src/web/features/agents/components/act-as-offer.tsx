import type { Identity } from '../../../../contracts/bff';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/card';

/** On an agent's page: how to manage it (act as it when the console holds its key). */
export function ActAsOffer({ agentName, identity, onActAs }: { agentName: string; identity: Identity | null; onActAs: () => void }) {
  return (
    <Panel title="Manage">
      {identity ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-muted">The console holds this agent&apos;s key (ending …{identity.keyHint}). Act as it to edit its profile, endpoint, policy and delivery, send heartbeats, rotate its key or delete it.</p>
          <Button variant="primary" onClick={onActAs}>
            Act as {agentName}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted">Only the agent itself can change it, with its key. The console can act as the agents joined from it: join one on the “Join an agent” page.</p>
      )}
    </Panel>
  );
}
