/**
 * When a PENDING order is asked about, in seconds after it was created: PhonePe's recommended
 * status-check schedule. The first check at 20 s, then every 3 s for 30 s, every 6 s for a
 * minute, every 10 s for a minute, every 30 s for a minute, then every minute.
 */
const FIRST_CHECK_SECONDS = 20;
const PHASES = [
  { untilSeconds: 50, everySeconds: 3 },
  { untilSeconds: 110, everySeconds: 6 },
  { untilSeconds: 170, everySeconds: 10 },
  { untilSeconds: 230, everySeconds: 30 },
  { untilSeconds: Infinity, everySeconds: 60 },
] as const;

/** The scheduled check times (seconds after creation) up to `limitSeconds`. */
export function checkTimesSeconds(limitSeconds: number): number[] {
  const times: number[] = [];
  let at = FIRST_CHECK_SECONDS;
  for (const phase of PHASES) {
    while (at <= limitSeconds && at < phase.untilSeconds) {
      times.push(at);
      at += phase.everySeconds;
    }
    if (at > limitSeconds) break;
  }
  if (at <= limitSeconds) times.push(at);
  return times;
}

/** The first scheduled check of an order created at `createdAt` that comes after `now`. */
export function nextCheckAt(createdAt: Date, now: Date): Date {
  const elapsedSeconds = (now.getTime() - createdAt.getTime()) / 1000;
  let at = FIRST_CHECK_SECONDS;
  for (const phase of PHASES) {
    while (at < phase.untilSeconds) {
      if (at > elapsedSeconds) return new Date(createdAt.getTime() + at * 1000);
      at += phase.everySeconds;
    }
  }
  return new Date(createdAt.getTime() + at * 1000);
}
