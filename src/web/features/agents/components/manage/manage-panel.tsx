import type { Agent } from '../../../../../contracts/agentnet';
import { Panel } from '../../../../components/ui/card';
import { useAgentSettings } from '../../api/mutations';
import { DeliveryForm } from './delivery-form';
import { EndpointForm } from './endpoint-form';
import { DeletionControl, ForgetControl, HeartbeatControl, RotateKeyControl } from './lifecycle';
import { PolicyForm } from './policy-form';
import { ProfileForm } from './profile-form';

/** Everything the acting agent can change about itself. Shown only while acting as `agent`. */
export function ManagePanel({ agent, onDeleted }: { agent: Agent; onDeleted: (name: string) => void }) {
  const settings = useAgentSettings(agent.id);
  return (
    <div className="flex flex-col gap-6" aria-label={`Manage ${agent.name}`} role="region">
      <Panel title="Presence">
        <HeartbeatControl agent={agent} heartbeat={settings.heartbeat} />
      </Panel>
      <Panel title="Profile">
        <ProfileForm agent={agent} profile={settings.profile} />
      </Panel>
      <Panel title="Endpoint">
        <EndpointForm agent={agent} endpoint={settings.endpoint} />
      </Panel>
      <Panel title="Reception policy">
        <PolicyForm agent={agent} policy={settings.policy} />
      </Panel>
      <Panel title="Delivery">
        <DeliveryForm agent={agent} delivery={settings.delivery} />
      </Panel>
      <Panel title="Key and deletion" bodyClassName="flex flex-col gap-4 p-4">
        <RotateKeyControl agent={agent} />
        <DeletionControl agent={agent} onDeleted={onDeleted} />
        <ForgetControl agent={agent} />
      </Panel>
    </div>
  );
}
