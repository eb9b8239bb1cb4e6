import { useEffect, useState } from 'react';
import type { ScanSession } from '@carecode/domain/scans/scan.schema';
import { ScanSessionView, type ScanSessionState } from './scan-session-view.tsx';

/** A session read started before the first render, and where it stands. */
export interface SessionRead {
  state: ScanSessionState;
  /** Resolves (never rejects) once the read has settled. */
  settled: Promise<void>;
}

/** Starts tracking a session read (the scan entry starts it before its code has rendered). */
export function trackSessionRead(request: Promise<ScanSession>): SessionRead {
  const read: SessionRead = { state: { status: 'pending' }, settled: Promise.resolve() };
  read.settled = request.then(
    (session) => {
      read.state = { status: 'success', session };
    },
    (error: unknown) => {
      read.state = { status: 'error', error };
    },
  );
  return read;
}

/**
 * The scan entry's page: the session as read once for this load (the scan session is
 * short-lived), drawn at once when the read has already settled.
 */
export function ScanEntryPage({ read }: { read: SessionRead }) {
  const [state, setState] = useState(read.state);
  useEffect(() => {
    let isActive = true;
    void read.settled.then(() => {
      if (isActive) setState(read.state);
    });
    return () => {
      isActive = false;
    };
  }, [read]);
  return <ScanSessionView state={state} />;
}
