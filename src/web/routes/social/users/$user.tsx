import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { USER_REF } from '../../../../contracts/social/routes';
import { z } from '../../../../contracts/zod';
import { PageHeader } from '../../../components/shell/shell';
import { Card, Panel } from '../../../components/ui/card';
import { socialQueries } from '../../../features/social/api/queries';
import { BackToSearch } from '../../../features/social/components/back-to-search';
import { RecentEngagement, UserCounts } from '../../../features/social/components/user-charts';
import { UserList } from '../../../features/social/components/user-lists';
import { UserProfile } from '../../../features/social/components/user-profile';
import { userTabNames, userTabs } from '../../../features/social/tabs';
import { ApiRequestError } from '../../../lib/api';
import { ListTabs } from '../-components/list-tabs';
import { RecordError } from '../-components/record-error';

/** "@name" and "name" are the same user; whether it is a user name or id is checked by the loader. */
const Params = z.object({ user: z.pipe(z.string(), z.transform((v) => v.trim().replace(/^@/, ''))) });
const Search = z.object({ tab: z.catch(z.optional(z.enum(userTabNames)), undefined) });

export const Route = createFileRoute('/social/users/$user')({
  // The loader and what it needs (query options, record schemas) load with the page, not with the console's first page.
  codeSplitGroupings: [['loader'], ['component'], ['errorComponent']],
  params: { parse: (p) => Params.parse(p), stringify: (p) => p },
  validateSearch: (search) => Search.parse(search),
  loader: ({ context, params }) => {
    if (!USER_REF.test(params.user)) {
      const message = `"${params.user}" is neither a user name (1 to 15 letters, digits or _) nor a numeric user id.`;
      throw new ApiRequestError({ status: 400, code: 'invalid_input', message, retryAfter: null, field: 'user' });
    }
    return context.queryClient.ensureQueryData(socialQueries.user(params.user));
  },
  errorComponent: UserError,
  component: UserPage,
});

function UserPage() {
  const { user: ref } = Route.useParams();
  const { tab = 'posts' } = Route.useSearch();
  const { data: user } = useSuspenseQuery(socialQueries.user(ref));
  return (
    <div className="flex h-full flex-col">
      <PageHeader
        title={`${user.name} (@${user.username})`}
        description="Profile, counts and lists of a user."
        actions={
          <BackToSearch />
        }
      />
      <div className="grid min-h-0 flex-1 grid-cols-[minmax(20rem,24rem)_minmax(0,1fr)] gap-6 p-6">
        <div className="flex min-h-0 flex-col gap-6 overflow-auto">
          <Panel title="Profile" bodyClassName="flex flex-col gap-5 p-4">
            <UserProfile user={user} />
            <UserCounts user={user} />
            <RecentEngagement user={user} />
          </Panel>
        </div>
        <Card className="flex min-h-[28rem] flex-col">
          <ListTabs label="User lists" tabs={userTabs} current={tab} />
          <UserList user={user} tab={tab} className="min-h-0 flex-1" />
        </Card>
      </div>
    </div>
  );
}

function UserError({ error }: ErrorComponentProps) {
  return <RecordError error={error} what="User" />;
}
