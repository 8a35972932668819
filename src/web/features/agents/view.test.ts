import { describe, expect, it } from 'vitest';
import { JoinRequest } from '../../../contracts/agentnet';
import { handshakeView, issuesByField, parseTags, sentence } from './view';

describe('agent form helpers', () => {
  it('turns contract messages into sentences under the field the form shows', () => {
    const parsed = JoinRequest.safeParse({ name: 'agent-42', a2a_endpoint: 'not a url' });
    expect(parsed.success).toBe(false);
    const errors = issuesByField(parsed.error?.issues ?? [], { a2a_endpoint: 'endpoint' });
    expect(errors).toEqual({
      name: 'Name looks auto-generated: give the agent a name people can read.',
      endpoint: 'Endpoint must be a complete http(s) URL, path included.',
    });
  });

  it('reads tags from comma separated text', () => {
    expect(parseTags(' translator, languages ,, ')).toEqual(['translator', 'languages']);
  });

  it('words the three handshake results', () => {
    expect(handshakeView(true).label).toBe('A2A handshake OK');
    expect(handshakeView(false).detail).toMatch(/answers but is not an A2A endpoint/);
    expect(handshakeView(null).label).toBe('Probe timed out');
    expect(sentence('already a sentence.')).toBe('Already a sentence.');
  });
});
