import { createFileRoute, Outlet } from '@tanstack/react-router';
import { SocialNav } from '../../features/social/components/workflows/social-nav';

export const Route = createFileRoute('/social')({
  component: SocialLayout,
});

function SocialLayout() {
  return (
    <div className="flex h-full flex-col">
      <SocialNav />
      <div className="min-h-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
