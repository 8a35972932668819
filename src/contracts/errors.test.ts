import { describe, expect, it } from 'vitest';
import { parseErrorBody, parseRetryAfter } from './errors';

describe('error bodies of every service read into one shape', () => {
  it('3D: {message}', () => {
    expect(parseErrorBody(402, { message: 'Insufficient credits' })).toMatchObject({ status: 402, code: 'insufficient_credits', message: 'Insufficient credits' });
  });
  it('social: {error, message, retryAfter}', () => {
    expect(parseErrorBody(429, { error: 'rate_limited', message: 'Too many requests', retryAfter: 3 })).toMatchObject({ code: 'rate_limited', message: 'Too many requests', retryAfter: 3 });
    expect(parseErrorBody(429, { error: 'rate_limited', retryAfterMs: 1500 })).toMatchObject({ message: 'rate limited', retryAfter: 1.5 });
  });
  it('agents: {error_code, message, details}', () => {
    expect(parseErrorBody(403, { error_code: 'ownership_mismatch', message: 'Not the owner', details: { reason: 'not governance' }, request_id: 'r1' })).toMatchObject({
      code: 'ownership_mismatch',
      message: 'Not the owner (not governance)',
    });
  });
  it('agents: {detail: "..."}', () => {
    expect(parseErrorBody(404, { detail: 'Subnet not found' })).toMatchObject({ code: 'not_found', message: 'Subnet not found' });
  });
  it('agents: validation {detail: [{loc, msg}]}', () => {
    expect(parseErrorBody(422, { detail: [{ loc: ['body', 'name'], msg: 'field required', type: 'missing' }] })).toMatchObject({
      code: 'invalid_input',
      field: 'name',
      message: 'name: field required',
    });
  });
  it('agents: rate limit {error: "Rate limit exceeded: ..."}', () => {
    expect(parseErrorBody(429, { error: 'Rate limit exceeded: 5 per 1 minute' }, '60')).toMatchObject({
      code: 'rate_limited',
      message: 'Rate limit exceeded: 5 per 1 minute',
      retryAfter: 60,
    });
  });
  it('anything else still gives the status', () => {
    expect(parseErrorBody(502, '<html>Bad gateway</html>')).toMatchObject({ status: 502, code: 'upstream_error', message: '' });
    expect(parseErrorBody(500, 'upstream timed out')).toMatchObject({ message: 'upstream timed out' });
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('7')).toBe(7);
    expect(parseRetryAfter(new Date(Date.now() + 10_000).toUTCString())).toBeGreaterThanOrEqual(9);
    expect(parseRetryAfter('soon')).toBeNull();
  });
});
