import { describe as group, expect, it } from 'vitest';
import { describe } from './describe';

const notFound = (message: string) => describe('agentnet', { status: 404, code: 'not_found', message, retryAfter: null }).message;

group('an upstream 404 in words', () => {
  it('adds that the thing may be gone when the service does not say so', () => {
    expect(notFound('Task not found')).toBe('Not found: Task not found. It may have been deleted or never existed.');
  });

  it('does not say it twice when the service already did', () => {
    expect(notFound('Agent a-1 does not exist or is not accessible.')).toBe('Not found: Agent a-1 does not exist or is not accessible.');
    expect(notFound('The subnet was deleted')).toBe('Not found: The subnet was deleted.');
  });
});

group('an upstream 402 in words', () => {
  it('says where to top up, live and in the sandbox', () => {
    const message = describe('gen3d', { status: 402, code: 'payment_required', message: 'Insufficient credits', retryAfter: null }).message;
    expect(message).toContain("live: in the service's dashboard");
    expect(message).toContain('the sandbox: on the Connections page');
  });
});
