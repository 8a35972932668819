import { queryOptions } from '@tanstack/react-query';
import { SocialCredits } from '../../../../contracts/social/credits';
import { api } from '../../../lib/api';

/** The social balance's key and options, apart from the rest so the shell loads only this. */
export const socialKeys = {
  all: () => ['social'] as const,
  balance: () => [...socialKeys.all(), 'balance'] as const,
};

export const socialBalance = () =>
  queryOptions({
    queryKey: socialKeys.balance(),
    queryFn: ({ signal }) => api('/api/social/api/v1/credits', SocialCredits, { signal }),
    staleTime: 60_000,
  });
