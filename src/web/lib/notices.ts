import { useSyncExternalStore } from 'react';

/**
 * A notice the console raises wherever the operator is (a 3D task or an extraction finished or
 * failed, a schedule could not run): one area in the shell shows them all, whichever service or
 * page raised them.
 */
export type ConsoleNotice = {
  id: string;
  tone: 'success' | 'danger' | 'warning' | 'info';
  title: string;
  body: string;
  /** The page the notice is about (a task, a job), and what its link says. */
  link?: { to: string; label: string };
};

const MAX = 4;
let notices: ConsoleNotice[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
/** For useSyncExternalStore: the notices and the notification setting change together. */
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** How long a notice stays (a failure longer): they sit over the page's corner, so they leave by themselves. */
export const NOTICE_MS = { success: 8_000, info: 8_000, warning: 15_000, danger: 15_000 } as const;
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
  return useSyncExternalStore(subscribe, () => notices, () => notices);
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
    subscribe,
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

/** Raises a notice in the console and, when the operator turned them on, in the browser: how every part of the console announces what ended. */
export function announce(n: ConsoleNotice, raise = raiseNotice, notify = notifyBrowser) {
  raise(n);
  notify(n.title, n.body);
}

const tones = { success: 'success', error: 'danger', warning: 'warning', info: 'info' } as const;

/** A notice the BFF sent on the live stream (`{type: 'notice', service, notice}`), as the console shows it. */
export function liveNotice(service: string, n: { level: keyof typeof tones; title: string; message: string; link: string | null; at: number }): ConsoleNotice {
  return {
    id: `${service}-${n.link ?? n.title}-${n.at}`,
    tone: tones[n.level],
    title: n.title,
    body: n.message,
    ...(n.link ? { link: { to: n.link, label: 'Open' } } : {}),
  };
}
