import type { SocialUser } from '../../../../contracts/social';
import { formatJoined } from '../format';
import { Avatar } from './avatar';
import { VerifiedMark } from './icons';

/** Who the user is: picture, name, verified mark, bio, location, joined. */
export function UserProfile({ user }: { user: SocialUser }) {
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-4">
        <Avatar src={user.avatar} name={user.name} size="lg" />
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 text-lg font-semibold">
            <span className="break-words">{user.name}</span>
            {user.verified || user.blueVerified ? <VerifiedMark blue={!user.verified} /> : null}
          </p>
          <p className="break-all text-muted">@{user.username}</p>
          <p className="font-mono text-xs text-muted">id {user.id}</p>
        </div>
      </div>
      {user.description ? <p className="whitespace-pre-wrap break-words">{user.description}</p> : <p className="text-muted">No bio.</p>}
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        {user.location ? (
          <div className="flex gap-1">
            <dt>Location</dt>
            <dd className="text-fg">{user.location}</dd>
          </div>
        ) : null}
        {user.createdAt ? (
          <div className="flex gap-1">
            <dt>Joined</dt>
            <dd className="text-fg">{formatJoined(user.createdAt)}</dd>
          </div>
        ) : null}
        {user.verified ? <dd className="text-fg">Verified account</dd> : user.blueVerified ? <dd className="text-fg">Verified subscriber</dd> : null}
        {user.protected ? <dd className="text-warning">Protected posts</dd> : null}
      </dl>
    </div>
  );
}
