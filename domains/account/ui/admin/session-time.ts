/** When the panel warns that the session is about to end. */
export const SESSION_WARNING_MS = 5 * 60 * 1000;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The time left, in whole minutes rounded up, as the banner says it: '4 hours' just after signing in (the
 * banner's first 'Session expires in 4 hours'), then '3 hours 59 minutes', ... '1 minute'; 'less than a minute' at the end.
 */
export function timeLeftText(ms: number): string {
  if (ms <= 0) return 'no time';
  if (ms < 60_000) return 'less than a minute';
  const minutes = Math.ceil(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return plural(rest, 'minute');
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}
