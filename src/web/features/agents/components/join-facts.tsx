import type { JoinResponse } from '../../../../contracts/agentnet';
import { Badge } from '../../../components/ui/badge';
import { Stat } from '../../../components/ui/stat';
import { handshakeView, modeLabel } from '../view';

/** What the join answered besides the key: id, claim link and code, handshake, next step. */
export function JoinFacts({ answer }: { answer: JoinResponse }) {
  const probed = answer.endpointReachable !== null || answer.handshakeOk !== null;
  const hs = handshakeView(answer.handshakeOk);
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Stat label="Agent id" value={<span className="break-all">{answer.agentId}</span>} />
        <Stat label="Verification code" value={answer.verificationCode ?? '—'} />
        <Stat label="Reception mode" value={modeLabel(answer.mode)} mono={false} />
        <Stat
          label="Endpoint handshake"
          mono={false}
          value={probed ? <Badge tone={hs.tone}>{hs.label}</Badge> : <span className="text-muted">No endpoint given</span>}
        />
        <Stat
          className="sm:col-span-2"
          label="Claim URL (for a human owner to bind the agent to an identity)"
          mono={false}
          value={
            answer.claimUrl ? (
              <a href={answer.claimUrl} target="_blank" rel="noreferrer" className="break-all font-mono text-accent underline">
                {answer.claimUrl}
              </a>
            ) : (
              '—'
            )
          }
        />
      </dl>
      {probed && answer.handshakeOk !== true ? <p className="text-sm text-muted">{hs.detail}</p> : null}
      {answer.nextStepHint ? (
        <p className="text-sm">
          <span className="font-medium">Next step: </span>
          {answer.nextStepHint}
        </p>
      ) : null}
    </div>
  );
}
