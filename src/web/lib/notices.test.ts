import { describe, expect, it, vi } from 'vitest';
import { announce, liveNotice, type ConsoleNotice } from './notices';

describe('notices', () => {
  it('turns a notice of the live stream into the console’s notice, its link and tone kept', () => {
    const done = liveNotice('social', { level: 'success', title: 'Extraction finished', message: '250 rows', link: '/social/extractions/7100001', at: 5 });
    expect(done).toEqual({ id: 'social-/social/extractions/7100001-5', tone: 'success', title: 'Extraction finished', body: '250 rows', link: { to: '/social/extractions/7100001', label: 'Open' } });
    const failed = liveNotice('social', { level: 'error', title: 'Scheduled extraction not run', message: 'over the limit', link: null, at: 6 });
    expect(failed.tone).toBe('danger');
    expect(failed).not.toHaveProperty('link');
  });

  it('announces once in the console and once to the browser', () => {
    const raise = vi.fn<(n: ConsoleNotice) => void>();
    const notify = vi.fn<(title: string, body: string) => void>();
    announce({ id: 'task-1', tone: 'success', title: '3D task finished', body: 'Preview “a chair” is ready.' }, raise, notify);
    expect(raise).toHaveBeenCalledWith(expect.objectContaining({ id: 'task-1', title: '3D task finished' }));
    expect(notify).toHaveBeenCalledWith('3D task finished', 'Preview “a chair” is ready.');
  });
});
