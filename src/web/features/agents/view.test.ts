// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { handshakeView, isReservedSubnet, parseTags } from './view';

describe('agent form helpers', () => {
  it('reads tags from comma separated text', () => {
    expect(parseTags(' translator, languages ,, ')).toEqual(['translator', 'languages']);
  });

  it('words the three handshake results', () => {
    expect(handshakeView(true).label).toBe('A2A handshake OK');
    expect(handshakeView(false).detail).toMatch(/answers but is not an A2A endpoint/);
    expect(handshakeView(null).label).toBe('Probe timed out');
    expect(isReservedSubnet('system')).toBe(true);
    expect(isReservedSubnet('data-works')).toBe(false);
  });
});
