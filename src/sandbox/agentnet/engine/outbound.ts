import { DeliveryError, loopbackDeliver, type Deliver } from '../../../node-lib/deliver';
import { answerExample, isExampleHost } from './example-hosts';

/**
 * Where the sandbox's own deliveries go (ARCHITECTURE.md, convention 10, class c): subnet events and
 * pushes to agents reach loopback or the destinations the injected `deliver` allows; the example
 * hosts of the seed are answered in-process and never contacted.
 */
export type Outbound = { send: Deliver };

export const defaultSandboxDeliver: Deliver = loopbackDeliver();

export function makeOutbound(deliver: Deliver = defaultSandboxDeliver): Outbound {
  return {
    send: (req) => {
      let host: string;
      try {
        host = new URL(req.url).hostname;
      } catch {
        return Promise.reject(new DeliveryError('refused', 'not a URL'));
      }
      return isExampleHost(host) ? answerExample(req) : deliver(req);
    },
  };
}

/** A failure of `send` in words. */
export const deliveryFailure = (err: unknown): { code: string; message: string } =>
  err instanceof DeliveryError ? { code: err.code, message: err.message } : { code: 'network', message: err instanceof Error ? err.message : String(err) };
