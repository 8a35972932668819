import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSearchDraft } from './use-search-draft';

describe('search draft', () => {
  it('the panel writes the box, keeping what is typed in a field as typed', () => {
    const { result } = renderHook(() => useSearchDraft(''));
    act(() => result.current.setFilter('allWords', 'coffee '));
    expect(result.current.text).toBe('coffee');
    expect(result.current.filters.allWords).toBe('coffee ');
    act(() => result.current.setFilter('lang', 'ja'));
    act(() => result.current.setFilter('media', true));
    expect(result.current.text).toBe('coffee lang:ja filter:media');
  });

  it('the box reads back into the panel, and syntax the panel cannot show locks it', () => {
    const { result } = renderHook(() => useSearchDraft(''));
    act(() => result.current.setText('tea from:bob'));
    expect(result.current.readable).toBe(true);
    expect(result.current.filters).toMatchObject({ allWords: 'tea', from: 'bob' });
    act(() => result.current.setText('tea (a b) OR c'));
    expect(result.current.readable).toBe(false);
    expect(result.current.filters).toMatchObject({ allWords: 'tea', from: 'bob' });
    act(() => result.current.setText('"open'));
    expect(result.current.parsed).toEqual({ ok: false, message: 'a quoted phrase is not closed: add the closing "' });
  });

  it('starts over when the committed query changes (a link, the back button)', () => {
    const { result, rerender } = renderHook(({ q }) => useSearchDraft(q), { initialProps: { q: 'one' } });
    act(() => result.current.setText('one two'));
    rerender({ q: 'lang:es' });
    expect(result.current.text).toBe('lang:es');
    expect(result.current.filters.lang).toBe('es');
  });
});
