// Every toast the app shows goes through here. A toast's title and message
// are plain strings, where no element can mark a character, and many carry a
// server's words: a skill URI or name, a server label from an imported
// config, an error message or alert the main process built from what a
// server sent. Each invisible, bidi or control character is shown as its
// marker (⟦RLO⟧), so an override cannot reverse the words after it unseen.
import { notifications, type NotificationData } from '@mantine/notifications';
import { shownName, shownText } from '../components/shown-text.js';
import { TOAST_STAYS_MS, ToastTimers } from './toast-timers.js';

/** The toast as shown: a title is one line (line breaks marked, as in a name); a message keeps its line breaks. */
export function shownToast(data: NotificationData): NotificationData {
  return {
    ...data,
    ...(typeof data.title === 'string' ? { title: shownName(data.title) } : {}),
    ...(typeof data.message === 'string' ? { message: shownText(data.message) } : {}),
  };
}

// Each toast is timed by toast-timers.ts, not by Mantine: that timer also stands still while focus is in a toast.
const timers = new ToastTimers((id) => notifications.hide(id));
let shown = 0;

export function showToast(data: NotificationData): string {
  // The id is known before the toast is shown: its handlers name it.
  const id = data.id ?? `toast-${++shown}`;
  const stays = data.autoClose === false ? undefined : typeof data.autoClose === 'number' ? data.autoClose : TOAST_STAYS_MS;
  return notifications.show({
    ...shownToast(data),
    id,
    autoClose: false,
    // Timed from when it is on screen: one waiting in the queue (past the limit shown at once) has not been seen yet.
    onOpen: (n) => {
      if (stays !== undefined) timers.start(id, stays);
      data.onOpen?.(n);
    },
    onClose: (n) => {
      timers.forget(id);
      data.onClose?.(n);
    },
    onMouseEnter: (e) => {
      timers.hold(id, 'pointer');
      data.onMouseEnter?.(e);
    },
    onMouseLeave: (e) => {
      timers.release(id, 'pointer');
      data.onMouseLeave?.(e);
    },
    onFocusCapture: (e) => {
      timers.hold(id, 'focus');
      data.onFocusCapture?.(e);
    },
    onBlurCapture: (e) => {
      // Focus moving from one of its buttons to another stays within: the toast is still held.
      if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) timers.release(id, 'focus');
      data.onBlurCapture?.(e);
    },
  });
}
