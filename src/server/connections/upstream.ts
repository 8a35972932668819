import { services, type ServiceId } from '../../contracts/services';
import type { ConnectionMode } from '../../contracts/bff';
import { guardedFetch, policies, type Limits, type Policy, type RequestKind, type RequestParts, type StopSignal, type Transport } from '../../node-lib/guarded-fetch';
import { BackgroundReads } from './background';
import type { Keyring } from './keyring';
import type { ConnectionSettings } from './settings';

/** Origin of the embedded sandbox for in-process calls (`.invalid` never resolves on a network). */
export const SANDBOX_ORIGIN = 'http://sandbox.invalid';

export type Fetcher = Transport;

/** How the BFF's requests leave: the operator's allowances and the limits of each kind of request. */
export type OutboundOptions = {
  /** ALLOW_LOOPBACK_LIVE: live base URLs may be plain http on loopback. */
  allowLoopbackLive: boolean;
  /** ALLOW_PRIVATE_DESTINATIONS: private addresses may be reached (over https for services). */
  allowPrivate: boolean;
  /** Overrides of the guarded fetcher's limits per kind of request. */
  limits?: Partial<Record<RequestKind, Partial<Limits>>>;
};

export type UpstreamInit = {
  method?: string;
  body?: string;
  signal?: StopSignal;
  accept?: string;
  contentType?: string;
  kind?: RequestKind;
  headers?: Record<string, string>;
  /** The answer is read whole as text (through `answerText`): see the guarded fetcher's `whole`. */
  whole?: boolean;
};

export type Upstream = {
  service: ServiceId;
  mode: ConnectionMode;
  baseUrl: string;
  /** Sends a request to a path of the service with its key; the caller's own headers never pass. */
  request(path: string, init?: UpstreamInit): Promise<Response>;
};

/** Where the sandbox is reached: its origin, how requests get there, its class (a) rules. */
export type SandboxPlace = { origin: string; transport?: Fetcher; policy: Policy };

/** The embedded sandbox: its one in-process host, called through `transport` (no port). */
export const embeddedSandbox = (transport: Fetcher): SandboxPlace => ({ origin: SANDBOX_ORIGIN, transport, policy: policies.service({ hosts: [new URL(SANDBOX_ORIGIN).host], live: false }) });

/**
 * A sandbox process (`npm run sandbox`) that the operator named by SANDBOX_URL: its host is the
 * one service host of every sandbox-mode request, over http and on any address (team mode's
 * compose network is private), by the network.
 */
export const sandboxAt = (url: string): SandboxPlace => {
  const at = new URL(url);
  return { origin: at.origin, policy: { ...policies.service({ hosts: [at.host], live: false }), private: 'http' } };
};

/** Least time between the starts of two background reads of one service. */
export const BACKGROUND_GAP_MS = 100;

/** The kind of a request, for its time and size limits. */
export const kindOf = (init: UpstreamInit): RequestKind =>
  init.kind ?? (init.accept === 'text/event-stream' ? 'stream' : (init.method ?? 'GET') === 'GET' ? 'read' : 'write');

/**
 * Resolves where a service's requests go: the embedded sandbox (called in-process, no port) or
 * the live service with the stored key. Everything leaves through the guarded fetcher, as class (a)
 * destinations: the base URL's host and the service's asset hosts, https for live.
 */
export class Upstreams {
  /** The BFF's own reads, coalesced and spaced per service (at most 10 starts a second; sandbox time scaled). */
  readonly background: BackgroundReads;

  constructor(
    private readonly deps: {
      settings: ConnectionSettings;
      keyring: Keyring;
      sandbox: SandboxPlace;
      liveFetch?: Fetcher;
      sandboxSpeed: number;
      outbound: OutboundOptions;
    },
  ) {
    this.background = new BackgroundReads((service) => BACKGROUND_GAP_MS / this.speedFor(this.deps.settings.get(service as ServiceId).mode));
  }

  get outbound(): OutboundOptions {
    return this.deps.outbound;
  }

  /** The sandbox's origin: the embedded one's `.invalid` name, or SANDBOX_URL's. */
  get sandboxOrigin(): string {
    return this.deps.sandbox.origin;
  }

  /** The service as currently connected; `key` overrides its key (null: an anonymous call). */
  current(service: ServiceId, key?: string | null): Upstream {
    const s = this.deps.settings.get(service);
    return this.at(service, s.mode, s.baseUrl, key);
  }

  baseUrlFor(service: ServiceId, mode: ConnectionMode, liveBaseUrl: string): string {
    return mode === 'sandbox' ? `${this.deps.sandbox.origin}/sandbox/${service}` : liveBaseUrl;
  }

  /** Class (a) rules for a service: its base URL's host and asset hosts; https for live. */
  policy(service: ServiceId, mode: ConnectionMode, liveBaseUrl: string): Policy {
    if (mode === 'sandbox') return this.deps.sandbox.policy;
    let host: string;
    try {
      host = new URL(liveBaseUrl).host;
    } catch {
      host = liveBaseUrl;
    }
    return policies.service({
      hosts: [host, ...services[service].assetHosts],
      live: true,
      allowLoopback: this.deps.outbound.allowLoopbackLive,
      allowPrivate: this.deps.outbound.allowPrivate,
    });
  }

  /** The upstream of a given mode and base URL (a task keeps the one it was created on). */
  at(service: ServiceId, mode: ConnectionMode, liveBaseUrl: string, keyOverride?: string | null): Upstream {
    const baseUrl = this.baseUrlFor(service, mode, liveBaseUrl);
    // A saved key goes only to the origin it was verified against.
    const key = keyOverride !== undefined ? keyOverride : mode === 'sandbox' ? services[service].sandboxKey : this.deps.keyring.keyFor(service, liveBaseUrl);
    const policy = this.policy(service, mode, liveBaseUrl);
    return {
      service,
      mode,
      baseUrl,
      request: (path, init = {}) => {
        // Headers an operation takes from its caller (Idempotency-Key) first: the key and the type are set here.
        // A plain record (names in lower case): the guarded fetcher copies it once into what it sends.
        const headers: Record<string, string> = {};
        if (init.headers) for (const [name, value] of Object.entries(init.headers)) headers[name.toLowerCase()] = value;
        headers.accept = init.accept ?? 'application/json';
        if (init.body !== undefined) headers['content-type'] = init.contentType ?? 'application/json';
        if (key) {
          if (services[service].auth === 'bearer') headers.authorization = `Bearer ${key}`;
          else headers['x-api-key'] = key;
        }
        return this.send({ url: baseUrl + path, method: init.method ?? 'GET', headers, body: init.body }, policy, kindOf(init), init.signal, undefined, init.whole);
      },
    };
  }

  /**
   * Fetches a file URL a service handed out (a task's output, an avatar) under the service's class
   * (a) rules for the mode it came from. Never sends a key: file URLs are signed.
   */
  fetchAsset(
    service: ServiceId,
    mode: ConnectionMode,
    liveBaseUrl: string,
    url: string,
    opts: { signal?: AbortSignal; maxBytes?: number } = {},
  ): Promise<Response> {
    const limits = opts.maxBytes !== undefined ? { maxBytes: opts.maxBytes } : undefined;
    return this.send(url, this.policy(service, mode, liveBaseUrl), 'file', opts.signal, limits);
  }

  /** Sandbox time runs SANDBOX_SPEED times faster; polling schedules scale with it. */
  speedFor(mode: ConnectionMode): number {
    return mode === 'sandbox' ? this.deps.sandboxSpeed : 1;
  }

  private send(input: RequestParts | string, policy: Policy, kind: RequestKind, signal?: StopSignal, limits?: Partial<Limits>, whole?: boolean): Promise<Response> {
    const url = String(typeof input === 'string' ? input : input.url);
    const transport = url.startsWith(`${this.deps.sandbox.origin}/`) ? this.deps.sandbox.transport : this.deps.liveFetch;
    const overrides = this.deps.outbound.limits?.[kind];
    return guardedFetch(input, { policy, kind, signal, transport, limits: overrides || limits ? { ...overrides, ...limits } : undefined, whole });
  }
}
