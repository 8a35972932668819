import { queryOptions } from '@tanstack/react-query';
import { creditsPath, SocialCredits } from '../../../../contracts/social/credits';
import { api } from '../../../lib/api';
import { servicePath } from '../../../lib/bff';

/** The social balance's key and options, apart from the rest so the shell loads only this. */
export const socialKeys = {
  all: () => ['social'] as const,
  balance: () => [...socialKeys.all(), 'balance'] as const,
};

export const socialBalance = () =>
  queryOptions({
    queryKey: socialKeys.balance(),
    queryFn: ({ signal }) => api(servicePath('social', creditsPath), SocialCredits, { signal }),
    staleTime: 60_000,
  });
