import { destinationRefusal, guardedFetch, GuardedFetchError, policies, type Policy, type Resolver } from './guarded-fetch';

/**
 * Senders for destinations the console does not choose itself: the sandbox's own deliveries
 * (class c: social webhooks, subnet events, pushes to agents) and operator-named destinations
 * (class b: the A2A check of an agent endpoint). All go through the one guarded fetcher, with its
 * host rules checked on the address connected to, and these time and size limits.
 */
export type Deliver = ((req: Request) => Promise<Response>) & {
  /** Why this sender would refuse a destination (given now, used later: a webhook's URL), or null. */
  check?: (url: string) => Promise<string | null>;
};

export type DeliveryCode = 'refused' | 'timeout' | 'connect' | 'too_large' | 'network';

export class DeliveryError extends Error {
  constructor(
    readonly code: DeliveryCode,
    message: string,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export const DELIVERY_LIMITS = { connectMs: 3_000, totalMs: 10_000, maxBytes: 256 * 1024 };

const codeOf = (err: GuardedFetchError): DeliveryCode => {
  switch (err.reason) {
    case 'refused':
      return 'refused';
    case 'too_large':
      return 'too_large';
    case 'connect_limit':
    case 'total_limit':
    case 'idle_limit':
      return 'timeout';
    default:
      return err.code === 'ECONNREFUSED' || err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN' ? 'connect' : 'network';
  }
};

/** What an operator can do about an address the console is not set to reach: the A2A check's own setting opens that check only. */
const PRIVATE_HINT = "; tick 'Allow loopback and private addresses' on the agents' A2A check page (or start the console with ALLOW_PRIVATE_DESTINATIONS=1) to reach it";
const ENV_HINT = '; start the console with ALLOW_PRIVATE_DESTINATIONS=1 to reach it';

/** Sends under a policy; a failure becomes a `DeliveryError` saying what happened (and, when it can, what to do). */
function sender(policy: () => Policy, resolve?: Resolver, hint = ''): Deliver {
  const withHint = (message: string) => (/not set to reach/.test(message) ? `${message}${hint}` : message);
  const send: Deliver = async (req) => {
    try {
      return await guardedFetch(req, { policy: policy(), kind: 'write', limits: DELIVERY_LIMITS, ...(resolve ? { resolve } : {}) });
    } catch (err) {
      if (err instanceof GuardedFetchError) throw new DeliveryError(codeOf(err), withHint(err.message));
      throw err;
    }
  };
  send.check = async (url) => {
    const why = await destinationRefusal(url, policy(), resolve);
    return why === null ? null : withHint(why);
  };
  return send;
}

/** Class (c), the sandbox's deliveries inside the console: loopback, or what class (b) allows. */
export const deliveryFetch = (allowPrivate: () => boolean): Deliver => sender(() => policies.delivery({ allowPrivate: allowPrivate() }), undefined, ENV_HINT);

/** Class (b), operator-named destinations: https public hosts; loopback and private only when allowed. */
export const operatorFetch = (allowPrivate: () => boolean): Deliver => sender(() => policies.operator({ allowPrivate: allowPrivate() }), undefined, PRIVATE_HINT);

/**
 * The sandbox's default when it runs on its own (its tests): loopback addresses only, and no name
 * but `localhost` is even looked up, so nothing off this machine is ever asked anything.
 */
export const loopbackDeliver = (): Deliver =>
  sender(
    () => ({ class: 'delivery', public: 'no', loopback: 'http', private: 'no' }),
    async (hostname) => {
      if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
      throw new GuardedFetchError('refused', `${hostname} is not contacted: only loopback addresses (127.0.0.1, ::1, localhost) and allowed destinations are`);
    },
  );
