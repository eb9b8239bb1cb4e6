import { lazy, Suspense } from 'react';
import { LoadingView } from '../../../components/ui/loading-view.tsx';
import type { QrDesignerProps } from '../qr-designer.types.ts';

/** Loaded on demand, so the QR detail page paints before the image exporter arrives. */
const QrDesignerPanel = lazy(() => import('./qr-designer.tsx'));

/** The printable QR designer of one QR, loaded lazily. */
export function QrDesigner(props: QrDesignerProps) {
  return (
    <Suspense fallback={<LoadingView hint={false} />}>
      <QrDesignerPanel {...props} />
    </Suspense>
  );
}
