import { afterEach, describe, expect, it, vi } from 'vitest';
import { gen3dOps } from '../../contracts/gen3d';
import { socialOps } from '../../contracts/social';
import { ApiRequestError } from './api';
import { callOperation, operationPath } from './operation';

afterEach(() => vi.unstubAllGlobals());

describe('calling an operation from its route-table entry', () => {
  it('fills the path and the query from the entry', () => {
    expect(operationPath(socialOps['users.followers'], { params: { user: 'jack' }, query: { cursor: 'abc', limit: 20, empty: '' } })).toBe(
      '/api/social/api/v1/x/users/jack/followers?cursor=abc&limit=20',
    );
    expect(operationPath(gen3dOps['imageTo3d.get'], { params: { id: 'a/b' } })).toBe('/api/gen3d/openapi/v1/image-to-3d/a%2Fb');
  });

  it('never sends a body its schema refuses, and names every field at fault', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const err = await callOperation(gen3dOps['textTo3d.create'], { body: { mode: 'preview', prompt: 'x'.repeat(601), moderation: 'yes' } }).catch((e: unknown) => e);
    expect(fetch).not.toHaveBeenCalled();
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as ApiRequestError).error.fields).toEqual({ prompt: 'prompt takes at most 600 characters', moderation: 'must be a boolean' });
  });

  it('sends the body as given (unknown fields too) and reads the answer with the entry’s schema', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ result: 'task-1' }), { status: 202, headers: { 'content-type': 'application/json' } })));
    vi.stubGlobal('fetch', fetch);
    const body = { mode: 'preview', prompt: 'a chair', future_field: 1 };
    await expect(callOperation(gen3dOps['textTo3d.create'], { body })).resolves.toEqual({ result: 'task-1' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/gen3d/openapi/v2/text-to-3d');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual(body);
  });

  it('sends the headers an operation declares (the writes’ Idempotency-Key) and no other', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ id: 'wa_1', action: 'like', status: 'success' }), { status: 201, headers: { 'content-type': 'application/json' } })));
    vi.stubGlobal('fetch', fetch);
    await callOperation(socialOps['tweets.like'], { params: { id: '12' }, body: { account: '@me' }, headers: { 'Idempotency-Key': 'tc-12345678', 'x-other': 'no' } });
    const headers = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('tc-12345678');
    expect(headers['x-other']).toBeUndefined();
  });
});
