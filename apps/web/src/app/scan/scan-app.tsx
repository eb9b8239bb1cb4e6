import type { ScanPageData } from '@carecode/domain/scans/scan.schema';
import { isErrorCode } from '@carecode/domain/errors/error-catalog';
import { StrictMode, Suspense } from 'react';
import { LoadingView } from '../../components/ui/loading-view.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { LiteLayout } from '../layout/lite-layout.tsx';
import { ScanEntryPage, type SessionRead } from './scan-entry-page.tsx';
import type { ScanSessionState } from './scan-session-view.tsx';

/**
 * The scan entry's whole tree: the same on the server (scan-server.tsx renders it to HTML) and
 * in the browser (scan-main.tsx hydrates it), so both draw the same markup from the same data.
 */
export function ScanApp({ read }: { read: SessionRead }) {
  return (
    <StrictMode>
      <LiteLayout>
        <Suspense fallback={<LoadingView hint={false} />}>
          <ScanEntryPage read={read} />
        </Suspense>
      </LiteLayout>
    </StrictMode>
  );
}

/** The page's state from the data the server embedded (what GET /scans/{scanId} answered). */
export function stateOf(data: ScanPageData): ScanSessionState {
  if (data.session) return { status: 'success', session: data.session };
  const error = data.error ?? { status: 500, code: 'INTERNAL' };
  return {
    status: 'error',
    error: new ApiError(error.status, isErrorCode(error.code) ? error.code : 'INTERNAL', {
      params: error.params,
    }),
  };
}

/** A read that has already settled, with this state. */
export const settledRead = (state: ScanSessionState): SessionRead => ({
  state,
  settled: Promise.resolve(),
});
