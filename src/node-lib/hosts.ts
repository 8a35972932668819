/**
 * The Host names the console answers to. A browser tricked by DNS rebinding (a page on
 * attacker.example whose name now resolves to 127.0.0.1) still sends `Host: attacker.example`,
 * so answering only known names closes that door.
 */

export type HostName = { name: string; port: number | null };

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const hostRe = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(?::(\d{1,5}))?$/;

/** Reads `name[:port]` (`[v6][:port]` too), lower-cased; null for anything else. Never throws. */
export function parseHost(value: string | undefined | null): HostName | null {
  if (!value || value.length > 300) return null;
  const m = hostRe.exec(value.trim().toLowerCase());
  if (!m) return null;
  const port = m[2] === undefined ? null : Number(m[2]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  return { name: m[1] as string, port };
}

/** True for addresses and names that only this machine can reach. */
export function isLoopback(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::ffff:127.0.0.1';
}

const wildcard = new Set(['0.0.0.0', '::', '[::]']);

export type HostPolicy = {
  /** Whether a request's `Host` is one the console is reachable under. */
  allows: (host: string | undefined) => boolean;
  /** The names, for messages. */
  describe: () => string;
};

/**
 * Loopback names (and the bound address, unless it is a wildcard) are allowed with the console's
 * port; `extra` names (ALLOWED_HOSTS) with the port they give, or any port when they give none.
 * `port()` is undefined when the app is not listening (tests with `app.request`): any port then.
 */
export function hostPolicy(opts: { port: () => number | undefined; bind?: string; extra?: readonly string[] }): HostPolicy {
  const local = [...LOOPBACK_NAMES];
  if (opts.bind && !wildcard.has(opts.bind)) {
    const bound = opts.bind.includes(':') && !opts.bind.startsWith('[') ? `[${opts.bind}]` : opts.bind;
    if (parseHost(bound) && !local.includes(bound.toLowerCase())) local.push(bound.toLowerCase());
  }
  const extra = (opts.extra ?? []).map((h) => parseHost(h)).filter((h): h is HostName => h !== null);
  return {
    allows(header) {
      const host = parseHost(header);
      if (!host) return false;
      if (extra.some((e) => e.name === host.name && (e.port === null || e.port === (host.port ?? 80)))) return true;
      if (!local.includes(host.name)) return false;
      const port = opts.port();
      return port === undefined || (host.port ?? 80) === port;
    },
    describe() {
      const port = opts.port();
      const names = local.map((n) => (port === undefined ? n : `${n}:${port}`));
      return [...names, ...(opts.extra ?? [])].join(', ');
    },
  };
}
