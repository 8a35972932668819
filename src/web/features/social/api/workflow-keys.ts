import { socialKeys } from './credits';

/** The workflows' query keys, apart from their queries so the shell's live hook loads only these. */
export const wfKeys = {
  all: () => [...socialKeys.all(), 'workflows'] as const,
  jobs: () => [...wfKeys.all(), 'jobs'] as const,
  job: (id: string) => [...wfKeys.jobs(), 'one', id] as const,
  tracked: () => [...wfKeys.all(), 'tracked'] as const,
  schedules: () => [...wfKeys.all(), 'schedules'] as const,
  draws: () => [...wfKeys.all(), 'draws'] as const,
  monitors: () => [...wfKeys.all(), 'monitors'] as const,
  events: () => [...wfKeys.all(), 'events'] as const,
  webhooks: () => [...wfKeys.all(), 'webhooks'] as const,
  received: () => [...wfKeys.all(), 'received'] as const,
  account: () => [...wfKeys.all(), 'account'] as const,
};
