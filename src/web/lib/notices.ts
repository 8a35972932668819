import { useSyncExternalStore } from 'react';

/** A notice the console raises wherever the operator is (a task finished or failed). */
export type ConsoleNotice = {
  id: string;
  tone: 'success' | 'danger' | 'info';
  title: string;
  body: string;
  /** A 3D task the notice is about (it links to its page). */ taskId?: string;
};

const MAX = 4;
let notices: ConsoleNotice[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** How long a notice stays (a failure longer): they sit over the page's corner, so they leave by themselves. */
export const NOTICE_MS = { success: 8_000, info: 8_000, danger: 15_000 } as const;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

/** Shows a notice (the newest first, at most four; one per id) until it is dismissed or its time is up. */
export function raiseNotice(n: ConsoleNotice) {
  notices = [n, ...notices.filter((x) => x.id !== n.id)].slice(0, MAX);
  clearTimeout(timers.get(n.id));
  timers.set(
    n.id,
    setTimeout(() => dismissNotice(n.id), NOTICE_MS[n.tone]),
  );
  emit();
}

export function dismissNotice(id: string) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  notices = notices.filter((x) => x.id !== id);
  emit();
}

export function useNotices(): ConsoleNotice[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => notices,
    () => notices,
  );
}

const PREF = 'triptych.browser-notifications';
const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** Whether browser notifications are on: the operator asked for them and the browser allows them. */
export function browserNotificationsOn(): boolean {
  return supported() && Notification.permission === 'granted' && localStorage.getItem(PREF) === 'on';
}

/** What the browser says about notifications: not offered, blocked, or whether the operator turned them on. */
export function browserNotificationState(): 'unsupported' | 'denied' | 'on' | 'off' {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return browserNotificationsOn() ? 'on' : 'off';
}

/** Turns browser notifications on (asking the browser, so only from a click) or off. */
export async function setBrowserNotifications(on: boolean): Promise<void> {
  if (!supported()) return;
  if (on) {
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (permission === 'granted') localStorage.setItem(PREF, 'on');
  } else localStorage.setItem(PREF, 'off');
  emit();
}

/** Subscribes to changes of the notification setting (for the toggle's label). */
export function useBrowserNotificationState() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    browserNotificationState,
    () => 'unsupported' as const,
  );
}

/** A browser notification, when the operator turned them on. */
export function notifyBrowser(title: string, body: string) {
  if (!browserNotificationsOn()) return;
  try {
    new Notification(title, { body, tag: title });
  } catch {
    // Some browsers only notify from a service worker: the console's own notice stands.
  }
}
