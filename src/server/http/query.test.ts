import { describe, expect, it } from 'vitest';
import { queryObject, searchOf } from '../../node-lib/operation-input';

describe('a request URL read for its query', () => {
  it('finds the query string as the URL parser does', () => {
    const urls = [
      'http://127.0.0.1:8787/api/social/api/v1/x/tweets/search?q=cats&limit=20',
      'http://127.0.0.1:8787/api/x',
      'http://127.0.0.1:8787/api/x?',
      'http://127.0.0.1:8787/api/x?#frag',
      'http://127.0.0.1:8787/api/x?a=1#frag?b=2',
      'http://127.0.0.1:8787/api/x#frag?b=2',
      'http://console.example/api/x?q=%C3%A9t%C3%A9+2&q=a%26b&empty=&flag',
    ];
    for (const url of urls) expect(searchOf(url), url).toBe(new URL(url).search);
  });

  it('reads each parameter once, repeated ones as a list, decoded', () => {
    expect(queryObject('http://h/x?q=%C3%A9t%C3%A9+2&q=a%26b&empty=&flag')).toEqual({ q: ['été 2', 'a&b'], empty: '', flag: '' });
    expect(queryObject('http://h/x')).toEqual({});
    expect(queryObject('http://h/x?a=1#b=2')).toEqual({ a: '1' });
  });
});
