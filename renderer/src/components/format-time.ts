// A time the app recorded (ISO 8601), as the user's locale writes it. A value
// that is not a time is shown as it came rather than as "Invalid Date".
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
