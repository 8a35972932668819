import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { USER_REF } from '../../../../contracts/social/routes';
import { z } from '../../../../contracts/zod';
import { PageHeader } from '../../../components/shell/shell';
import { Card, Panel } from '../../../components/ui/card';
import { socialQueries } from '../../../features/social/api/queries';
import { BackToSearch } from '../../../features/social/components/back-to-search';
import { RecentEngagement, UserCounts } from '../../../features/social/components/user-charts';
import { UserList } from '../../../features/social/components/user-lists';
import { UserProfile } from '../../../features/social/components/user-profile';
import { UserActions } from '../../../features/social/components/workflows/writes';
import { userTabOf, userTabs } from '../../../features/social/tabs';
import { textParam } from '../../../lib/search-params';
import { ensureRecord, requireShape } from '../../../lib/loaders';
import { ListTabs } from '../-components/list-tabs';

/** "@name" and "name" are the same user; whether it is a user name or id is checked by the loader. */
const Params = z.object({ user: z.pipe(z.string(), z.transform((v) => v.trim().replace(/^@/, ''))) });
/** The tab is read as text here and matched to the page's tabs in the component (the tab list loads with the page). */
const Search = z.object({ tab: textParam(20) });

export const Route = createFileRoute('/social/users/$user')({
  params: { parse: (p) => Params.parse(p), stringify: (p) => p },
  validateSearch: (search) => Search.parse(search),
  loader: ({ context, params }) => {
    requireShape(USER_REF.test(params.user), 'User', `"${params.user}" is neither a user name (1 to 15 letters, digits or _) nor a numeric user id.`);
    return ensureRecord(context.queryClient, socialQueries.user(params.user), 'User');
  },
  component: UserPage,
});

function UserPage() {
  const { user: ref } = Route.useParams();
  const tab = userTabOf(Route.useSearch().tab);
  const { data: user } = useSuspenseQuery(socialQueries.user(ref));
  return (
    <div className="flex h-full flex-col">
      <PageHeader
        title={`${user.name} (@${user.username})`}
        description="Profile, counts and lists of a user."
        actions={<BackToSearch />}
      />
      <div className="grid min-h-0 flex-1 grid-cols-1 gap-4 p-4 sm:gap-6 sm:p-6 lg:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6 lg:min-h-0 lg:overflow-auto">
          <Panel title="Profile" bodyClassName="flex flex-col gap-5 p-4">
            <UserProfile user={user} />
            <UserCounts user={user} />
            <RecentEngagement user={user} />
          </Panel>
          <Panel title="Act as the connected account">
            <UserActions user={user.username} />
          </Panel>
        </div>
        <Card className="flex h-[80vh] min-h-[28rem] min-w-0 flex-col lg:h-auto">
          <ListTabs label="User lists" tabs={userTabs} current={tab} />
          <UserList user={user} tab={tab} className="min-h-0 flex-1" />
        </Card>
      </div>
    </div>
  );
}
