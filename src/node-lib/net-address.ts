import { isIP } from 'node:net';

/**
 * What kind of network an IP address belongs to, for the guarded fetcher's host rules. Every
 * spelling the URL parser or a resolver can produce is read to its numbers first (IPv4-mapped,
 * IPv4-translated and -compatible IPv6, NAT64 and 6to4 prefixes carry an IPv4 address inside), so
 * `::ffff:127.0.0.1` and `::ffff:0:127.0.0.1` are loopback like `127.0.0.1`.
 *
 * - `loopback`: this machine (127/8, ::1)
 * - `private`: a private network (10/8, 172.16/12, 192.168/16, 100.64/10, 198.18/15, fc00::/7,
 *   the deprecated site-local fec0::/10, and the local-use NAT64 prefix 64:ff9b:1::/48, whose
 *   translator sits on a local network and may embed the IPv4 address at several places)
 * - `reserved`: never reached (0/8, link-local 169.254/16 and fe80::/10 where cloud metadata
 *   lives, multicast, documentation ranges, the unspecified address, Teredo)
 * - `public`: everything else
 */
export type AddressKind = 'public' | 'loopback' | 'private' | 'reserved';

const v4Ranges: Array<[number, number, AddressKind]> = [
  [0x00000000, 8, 'reserved'],
  [0x0a000000, 8, 'private'],
  [0x64400000, 10, 'private'],
  [0x7f000000, 8, 'loopback'],
  [0xa9fe0000, 16, 'reserved'],
  [0xac100000, 12, 'private'],
  [0xc0000000, 24, 'reserved'],
  [0xc0000200, 24, 'reserved'],
  [0xc0a80000, 16, 'private'],
  [0xc6120000, 15, 'private'],
  [0xc6336400, 24, 'reserved'],
  [0xcb007100, 24, 'reserved'],
  [0xe0000000, 4, 'reserved'],
  [0xf0000000, 4, 'reserved'],
];

function v4Number(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function kindOfV4(n: number): AddressKind {
  for (const [base, bits, kind] of v4Ranges) {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if ((n & mask) >>> 0 === base) return kind;
  }
  return 'public';
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail and `::` expanded). */
export function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase().replace(/%.*$/, '');
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail) {
    const n = v4Number(tail);
    text = `${text.slice(0, -tail.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const fill = rest === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...fill, ...right].map((g) => parseInt(g || '0', 16));
}

function kindOfV6(ip: string): AddressKind {
  const g = v6Groups(ip);
  const at = (i: number) => g[i] ?? 0;
  const v4At = (i: number) => ((at(i) << 16) >>> 0) + at(i + 1);
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return 'reserved';
  if (zeroUpTo(7) && at(7) === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated), ::a.b.c.d (compatible), 64:ff9b::a.b.c.d (NAT64)
  if (zeroUpTo(5) && at(5) === 0xffff) return kindOfV4(v4At(6));
  if (zeroUpTo(4) && at(4) === 0xffff && at(5) === 0) return kindOfV4(v4At(6));
  if (zeroUpTo(6)) return kindOfV4(v4At(6));
  if (at(0) === 0x64 && at(1) === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return kindOfV4(v4At(6));
  if (at(0) === 0x64 && at(1) === 0xff9b && at(2) === 1) return 'private'; // local-use NAT64
  if (at(0) === 0x2002) return kindOfV4(v4At(1)); // 6to4
  if (at(0) === 0x2001 && at(1) === 0) return 'reserved'; // Teredo
  if (at(0) === 0x2001 && at(1) === 0xdb8) return 'reserved';
  if ((at(0) & 0xfe00) === 0xfc00) return 'private';
  if ((at(0) & 0xffc0) === 0xfec0) return 'private'; // site-local (deprecated)
  if ((at(0) & 0xffc0) === 0xfe80) return 'reserved';
  if ((at(0) & 0xff00) === 0xff00) return 'reserved';
  return 'public';
}

/** The kind of an IP address literal; null when the text is not one. */
export function addressKind(ip: string): AddressKind | null {
  const bare = ip.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return kindOfV4(v4Number(bare));
  if (family === 6) return kindOfV6(bare);
  return null;
}

/** Host names that mean this machine without asking a resolver. */
export const isLoopbackName = (hostname: string) => {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
};
