import { Alert } from '../../../components/ui/alert';
import type { ProbeAnswer } from '../../../../contracts/agentnet/answers';
import { handshakeView } from '../view';

/** What the endpoint probe found (`a2a_handshake_ok`: true, false, or null when it timed out). */
export function ProbeResult({ answer, what }: { answer: ProbeAnswer; what: string }) {
  if (!answer.endpoint) return <Alert tone="success" title={`${what} saved.`}>{answer.hint ?? 'No endpoint is set now.'}</Alert>;
  const hs = handshakeView(answer.handshakeOk);
  return (
    <Alert tone={answer.handshakeOk === true ? 'success' : answer.handshakeOk === false ? 'warning' : 'info'} title={`${what} saved. ${hs.label}.`}>
      <span className="break-all font-mono">{answer.endpoint}</span>
      {answer.handshakeOk === true ? null : <> — {hs.detail}</>}
      {answer.hint && answer.handshakeOk === true ? <> {answer.hint}</> : null}
    </Alert>
  );
}
