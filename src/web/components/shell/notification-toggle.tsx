import { setBrowserNotifications, useBrowserNotificationState } from '../../lib/notices';
import { Button } from '../ui/button';

/**
 * Browser notifications for what the console's notices announce (a 3D task, an extraction that
 * finished or failed), asked of the browser only on this click; one setting for the whole console.
 */
export function NotificationToggle() {
  const state = useBrowserNotificationState();
  if (state === 'unsupported') return <p className="text-sm text-muted">This browser shows no notifications; finished and failed work raises a notice in the console, on any page.</p>;
  if (state === 'denied')
    return <p className="text-sm text-muted">The browser blocks this site's notifications: allow them in the site settings to be told when work ends outside the console.</p>;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-muted">
        {state === 'on' ? 'The browser notifies you when a task or an extraction finishes or fails.' : 'Finished and failed tasks and extractions raise a notice in the console, on any page. The browser can notify you too.'}
      </p>
      <Button size="sm" onClick={() => void setBrowserNotifications(state !== 'on')}>
        {state === 'on' ? 'Stop browser notifications' : 'Notify me in the browser'}
      </Button>
    </div>
  );
}
