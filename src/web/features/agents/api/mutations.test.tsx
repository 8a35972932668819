import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { purgeMutations, secretMutationKeys, useJoinAgent } from './mutations';

const KEY = 'acn_unit_test_key_0123456789abcdef';

afterEach(() => vi.unstubAllGlobals());

describe('the join answer’s key', () => {
  it('is gone from React Query’s cache once the reveal is dismissed', async () => {
    const calls: Array<{ url: string; headers: Record<string, string> }> = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      return Promise.resolve(new Response(JSON.stringify({ agent_id: 'a-1', api_key: KEY, claim_url: 'http://x/claim/a-1', verification_code: 'ACN-AAAA-BBBB', a2a_handshake_ok: null }), { status: 200 }));
    });
    const qc = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useJoinAgent(null), { wrapper });

    act(() => result.current.mutate({ name: 'Harbor Pilot' }));
    await waitFor(() => expect(result.current.data?.apiKey).toBe(KEY));
    expect(calls[0]?.url).toBe('/api/agentnet/api/v1/agents/join');
    // Nobody acted as: anonymous.
    expect(calls[0]?.headers['x-act-as']).toBeUndefined();
    expect(JSON.stringify(qc.getMutationCache().getAll().map((m) => m.state))).toContain(KEY);

    act(() => {
      result.current.reset();
      purgeMutations(qc, secretMutationKeys.join());
    });
    await waitFor(() => expect(result.current.data).toBeUndefined());
    expect(JSON.stringify(qc.getMutationCache().getAll().map((m) => m.state))).not.toContain(KEY);
    expect(JSON.stringify(qc.getQueryCache().getAll().map((q) => q.state))).not.toContain(KEY);
  });
});
