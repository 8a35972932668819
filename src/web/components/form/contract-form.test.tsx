import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Subnet } from '../../../contracts/agentnet';
import { SubnetJoinForm } from '../../features/agents/components/subnets/subnet-join-form';
import { PeopleSearchForm } from '../../features/social/components/people-search-form';

afterEach(cleanup);
/** What a screen reader reads after the name: the texts `aria-describedby` points at. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
// Focus moves after React has marked the field invalid (the next frame).
const frame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => r())));
const submit = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
  await frame();
};

describe('a form over a contract schema', () => {
  it('sends nothing the schema refuses: the reason sits beside the field, which gets focus', async () => {
    const onSearch = vi.fn();
    render(<PeopleSearchForm q="" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: /Name, user name or words in a bio/ });
    fireEvent.change(box, { target: { value: '   ' } });
    await submit('Search');
    expect(onSearch).not.toHaveBeenCalled();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(description(box)).toMatch(/Type a name, a user name or words from a bio\./);
    expect(document.activeElement).toBe(box);
  });

  it('lets an earlier submit’s message go as soon as the field is fixed, then sends the parsed body', async () => {
    const onSearch = vi.fn();
    render(<PeopleSearchForm q="" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: /Name, user name or words in a bio/ });
    await submit('Search');
    expect(screen.getByText('Type a name, a user name or words from a bio.')).toBeTruthy();
    await act(async () => {
      fireEvent.change(box, { target: { value: '  data engineer ' } });
    });
    expect(screen.queryByText('Type a name, a user name or words from a bio.')).toBeNull();
    expect(box.getAttribute('aria-invalid')).toBeNull();
    await submit('Search');
    expect(onSearch).toHaveBeenCalledWith('data engineer');
  });

  it('counts a limited field’s characters against the contract’s limit, and refuses past it', async () => {
    const onJoin = vi.fn();
    const subnet = { id: 'dock', name: 'Dock', joinPolicy: 'approval' } as Subnet;
    render(<SubnetJoinForm subnet={subnet} pending={false} onJoin={onJoin} />);
    const note = screen.getByRole('textbox', { name: 'Note to the owner' });
    await act(async () => {
      fireEvent.change(note, { target: { value: 'x'.repeat(501) } });
    });
    expect(screen.getByText(/501 \/ 500/)).toBeTruthy();
    await submit('Ask to join');
    expect(onJoin).not.toHaveBeenCalled();
    expect(description(note)).toMatch(/Note takes at most 500 characters\./);
    await act(async () => {
      fireEvent.change(note, { target: { value: ' I can tie knots. ' } });
    });
    await submit('Ask to join');
    expect(onJoin).toHaveBeenCalledWith('I can tie knots.', expect.any(Function));
  });
});
