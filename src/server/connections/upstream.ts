import { services, type ServiceId } from '../../contracts/services';
import type { ConnectionMode } from '../../contracts/bff';
import type { Keyring } from './keyring';
import type { ConnectionSettings } from './settings';

/** Origin of the embedded sandbox for in-process calls (`.invalid` never resolves on a network). */
export const SANDBOX_ORIGIN = 'http://sandbox.invalid';

export type Fetcher = (req: Request) => Promise<Response>;

export type Upstream = {
  service: ServiceId;
  mode: ConnectionMode;
  baseUrl: string;
  /** Sends a request to a path of the service with its key; the caller's own headers never pass. */
  request(path: string, init?: { method?: string; body?: string; signal?: AbortSignal; accept?: string; contentType?: string; headers?: Record<string, string> }): Promise<Response>;
};

/**
 * Resolves where a service's requests go: the embedded sandbox (called in-process, no port) or
 * the live service with the stored key.
 */
export class Upstreams {
  constructor(
    private readonly deps: {
      settings: ConnectionSettings;
      keyring: Keyring;
      sandboxFetch: Fetcher;
      liveFetch?: Fetcher;
      sandboxSpeed: number;
    },
  ) {}

  /** The service as currently connected; `key` overrides its key (null: an anonymous call). */
  current(service: ServiceId, key?: string | null): Upstream {
    const s = this.deps.settings.get(service);
    return this.at(service, s.mode, s.baseUrl, key);
  }

  baseUrlFor(service: ServiceId, mode: ConnectionMode, liveBaseUrl: string): string {
    return mode === 'sandbox' ? `${SANDBOX_ORIGIN}/sandbox/${service}` : liveBaseUrl;
  }

  /** The upstream of a given mode and base URL (a task keeps the one it was created on). */
  at(service: ServiceId, mode: ConnectionMode, liveBaseUrl: string, keyOverride?: string | null): Upstream {
    const baseUrl = this.baseUrlFor(service, mode, liveBaseUrl);
    const key = keyOverride !== undefined ? keyOverride : mode === 'sandbox' ? services[service].sandboxKey : this.deps.keyring.get(service)?.key;
    const send = this.fetcherFor(baseUrl);
    return {
      service,
      mode,
      baseUrl,
      request: (path, init = {}) => {
        // Headers an operation takes from its caller (Idempotency-Key) first: the key and the type are set here.
        const headers = new Headers(init.headers);
        headers.set('accept', init.accept ?? 'application/json');
        if (init.body !== undefined) headers.set('content-type', init.contentType ?? 'application/json');
        if (key) {
          if (services[service].auth === 'bearer') headers.set('authorization', `Bearer ${key}`);
          else headers.set('x-api-key', key);
        }
        return send(new Request(baseUrl + path, { method: init.method ?? 'GET', headers, body: init.body, signal: init.signal }));
      },
    };
  }

  /** Fetches a file URL from a task record. Never sends a key: file URLs are signed. */
  fetchAsset(url: string, signal?: AbortSignal): Promise<Response> {
    return this.fetcherFor(url)(new Request(url, { signal }));
  }

  /** Sandbox time runs SANDBOX_SPEED times faster; polling schedules scale with it. */
  speedFor(mode: ConnectionMode): number {
    return mode === 'sandbox' ? this.deps.sandboxSpeed : 1;
  }

  private fetcherFor(url: string): Fetcher {
    return url.startsWith(`${SANDBOX_ORIGIN}/`) ? this.deps.sandboxFetch : (this.deps.liveFetch ?? ((req) => fetch(req)));
  }
}
