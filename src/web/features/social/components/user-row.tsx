import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { SocialUser } from '../../../../contracts/social';
import { formatCompact, formatWhole } from '../format';
import { Avatar } from './avatar';
import { VerifiedMark } from './icons';

/** A user in a list (followers, likers…): picture, name, @username, bio, followers. */
export const UserRow = memo(function UserRow({ user }: { user: SocialUser }) {
  return (
    <div className="flex gap-3 border-b border-border px-4 py-3" data-user-id={user.id} data-username={user.username}>
      <Avatar src={user.avatar} name={user.name} />
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-1">
          <Link to="/social/users/$user" params={{ user: user.username }} className="truncate font-semibold hover:underline" title={user.name}>
            {user.name}
          </Link>
          {user.verified || user.blueVerified ? <VerifiedMark blue={!user.verified} /> : null}
          <span className="truncate text-muted" title={`@${user.username}`}>
            @{user.username}
          </span>
        </div>
        {user.description ? <p className="line-clamp-2 text-sm" title={user.description}>
            {user.description}
          </p> : null}
      </div>
      <p className="shrink-0 text-right text-sm text-muted" title={`${formatWhole(user.followers)} followers`}>
        <span className="font-mono text-fg tabular-nums">{formatCompact(user.followers)}</span> followers
      </p>
    </div>
  );
});
