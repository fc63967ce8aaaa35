// Every toast the app shows goes through here. A toast's title and message
// are plain strings, where no element can mark a character, and many carry a
// server's words: a skill URI or name, a server label from an imported
// config, an error message or alert the main process built from what a
// server sent. Each invisible, bidi or control character is shown as its
// marker (⟦RLO⟧), so an override cannot reverse the words after it unseen.
import { notifications, type NotificationData } from '@mantine/notifications';
import { shownName, shownText } from '../components/shown-text.js';

/** The toast as shown: a title is one line (line breaks marked, as in a name); a message keeps its line breaks. */
export function shownToast(data: NotificationData): NotificationData {
  return {
    ...data,
    ...(typeof data.title === 'string' ? { title: shownName(data.title) } : {}),
    ...(typeof data.message === 'string' ? { message: shownText(data.message) } : {}),
  };
}

export function showToast(data: NotificationData): string {
  return notifications.show(shownToast(data));
}
