import type { Kit } from './kit';

/** A browser: keeps the cookies it is given, sends the console's own Origin on writes (https when its page came over https), and `extra` headers on every request. */
export function browser(kit: () => Pick<Kit, 'req'>, extra: Record<string, string> = {}, origin = 'http://127.0.0.1') {
  const jar = new Map<string, string>();
  const cookies: string[] = [];
  const send = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(extra)) headers.set(k, v);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    if (init.method && init.method !== 'GET') headers.set('origin', origin);
    const res = await kit().req(path, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      cookies.push(line);
      const [pair] = line.split(';');
      const [name, value] = (pair as string).split('=') as [string, string];
      if (/max-age=0/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  const form = (path: string, fields: Record<string, string>) =>
    send(path, { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  return { send, form, jar, cookies };
}
