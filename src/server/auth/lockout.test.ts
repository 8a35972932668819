import { afterEach, describe, expect, it } from 'vitest';
import { browser } from '../testing/browser';
import { makeKit, type Kit } from '../testing/kit';
import { addressKey } from './throttle';

/**
 * Failed password tries are counted per address (an IPv6 address by its /64) and per account, in
 * auth.db: no volume of other failures clears a count, and a wrong current password on the
 * account page counts as a failed sign-in. The tests set the address as a proxy in front would
 * (TRUST_PROXY, X-Forwarded-For).
 */
const EMAIL = 'operator@example.com';
const PASSWORD = 'a long and fine password';
/** Longer than any password: refused before any hashing, the cheap failure an attacker would send. */
const CHEAP = 'x'.repeat(129);

let kit: Kit | undefined;
let clock = Date.now();
const kitWith = async (dir?: string) => {
  kit = await makeKit({ dir, signIn: { sessionHours: 12, trustProxy: true }, now: () => clock });
  if (!dir) await kit.app.operators?.create(EMAIL, PASSWORD);
  return kit;
};
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

const from = (address: string) => browser(() => kit as Kit, { 'x-forwarded-for': address });
const signIn = (address: string, password = PASSWORD, email = EMAIL) => from(address).form('/sign-in', { email, password, next: '/3d' });

describe('the sign-in lockout', () => {
  it('a locked address and account stay locked however many other addresses fail (10,001 failures from distinct addresses)', async () => {
    await kitWith();
    for (let i = 0; i < 10; i++) expect((await signIn('192.0.2.7', `wrong password ${i}`)).status).toBe(401);
    const locked = await signIn('192.0.2.7');
    expect(locked.status).toBe(429);
    expect(await locked.text()).toMatch(/Too many failed sign-ins from this address\. Wait 15 minutes/);

    // The flood: cheap failures for other accounts, each from its own address.
    const statuses = new Map<number, number>();
    for (let i = 0; i < 10_001; i += 50) {
      const batch = Array.from({ length: Math.min(50, 10_001 - i) }, (_, j) => i + j);
      const answers = await Promise.all(batch.map((n) => signIn(`10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`, CHEAP, `flood${n}@example.com`)));
      for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 401: 10_001 });

    const still = await signIn('192.0.2.7');
    expect(still.status).toBe(429);
    expect(still.headers.getSetCookie()).toEqual([]);
    // From an address that never failed, the account itself is locked.
    const elsewhere = await signIn('203.0.113.50');
    expect(elsewhere.status).toBe(429);
    expect(await elsewhere.text()).toMatch(/Too many failed sign-ins for this account\. Wait 15 minutes/);
    expect(elsewhere.headers.getSetCookie()).toEqual([]);

    // The window passes: the right password works again.
    clock += 15 * 60_000 + 1_000;
    expect((await signIn('192.0.2.7')).status).toBe(303);
  }, 300_000);

  it('ten failures for different accounts from one IPv6 /64 lock that /64, not the next one or IPv4 addresses', async () => {
    await kitWith();
    for (let i = 1; i <= 10; i++) expect((await signIn(`2001:db8:1:2::${i.toString(16)}`, CHEAP, `someone${i}@example.com`)).status).toBe(401);
    const sameNet = await signIn('2001:db8:1:2:ffff:ffff:ffff:ffff');
    expect(sameNet.status).toBe(429);
    expect(await sameNet.text()).toMatch(/from this address/);
    expect((await signIn('2001:db8:1:3::1')).status).toBe(303);
    expect((await signIn('192.0.2.8')).status).toBe(303);
  });

  it('counts an IPv4 address by itself, written as IPv4 or IPv4-mapped IPv6, and IPv6 by its /64', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('[2001:0db8:0001:0002:abcd::9]'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
  });

  it('the counts live in the database: a second console process on the same data directory sees the lock', async () => {
    const first = await kitWith();
    for (let i = 0; i < 10; i++) expect((await signIn(`198.51.100.${i + 1}`, `wrong password ${i}`)).status).toBe(401);
    const second = await makeKit({ dir: first.dir, signIn: { sessionHours: 12, trustProxy: true }, now: () => clock });
    try {
      const res = await second.req('/sign-in', {
        method: 'POST',
        body: new URLSearchParams({ email: EMAIL, password: PASSWORD }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.200' },
      });
      expect(res.status).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('the account page', () => {
  it('ten wrong current passwords lock the password change (and sign-in) for the account; the password stays', async () => {
    await kitWith();
    const me = from('192.0.2.20');
    expect((await me.form('/sign-in', { email: EMAIL, password: PASSWORD })).status).toBe(303);
    const change = (current: string) => me.form('/account/password', { current, password: 'a brand new password', confirm: 'a brand new password' });
    for (let i = 0; i < 10; i++) {
      const wrong = await change(`not my password ${i}`);
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain('The current password is not right.');
    }
    const locked = await change(PASSWORD);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toMatch(/Too many wrong passwords from this address\. Wait 15 minutes and try again; nothing was changed\./);
    expect((await signIn('203.0.113.9')).status).toBe(429);

    clock += 15 * 60_000 + 1_000;
    expect((await signIn('203.0.113.9', 'a brand new password')).status).toBe(401);
    expect((await signIn('203.0.113.9')).status).toBe(303);
  });
});
