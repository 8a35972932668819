// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { wayBackFrom } from './back-to-list';

describe('the way back from a page that cannot be shown', () => {
  it('leads to the list the address belongs to', () => {
    // A job or draw that is gone (a sandbox reset, a wrong link) leads back to its own list, not to the search.
    expect(wayBackFrom('/social/extractions/7100001')).toMatchObject({ to: '/social/extractions', label: 'Back to all extractions' });
    expect(wayBackFrom('/social/draws/d_1')).toMatchObject({ to: '/social/draws', label: 'Back to all draws' });
    expect(wayBackFrom('/agents/orgs/org_gone')).toMatchObject({ to: '/agents/orgs', label: 'Back to all organizations' });
    expect(wayBackFrom('/agents/tasks/t_gone')).toMatchObject({ to: '/agents/tasks', label: 'Back to the task pool' });
    expect(wayBackFrom('/social/posts/1')).toMatchObject({ to: '/social', label: 'Back to the search' });
    expect(wayBackFrom('/agents/subnets/x')).toMatchObject({ to: '/agents/subnets' });
    expect(wayBackFrom('/agents/nobody')).toMatchObject({ to: '/agents', label: 'Back to the directory' });
  });
});
