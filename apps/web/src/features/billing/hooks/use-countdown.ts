import { useEffect, useRef, useState } from 'react';

/**
 * Counts whole seconds down from `seconds` once `isActive` turns true (it never restarts), then
 * calls `onDone` once. One interval drives it, so the pace does not depend on render timing.
 */
export function useCountdown(seconds: number, isActive: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (!isActive) return;
    const timer = setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, [isActive]);

  useEffect(() => {
    if (isActive && left === 0) done.current();
  }, [isActive, left]);

  return left;
}
