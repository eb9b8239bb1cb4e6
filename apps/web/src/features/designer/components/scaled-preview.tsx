import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Shows its child at real size, or shrunk to fit the available width (a 600 px sticker on a
 * 360 px phone). Only the preview is scaled: exports and prints use the child's real size.
 */
export function ScaledPreview({ children }: { children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<{ scale: number; height?: number }>({ scale: 1 });

  useLayoutEffect(() => {
    const outerNode = outer.current;
    const innerNode = inner.current;
    if (!outerNode || !innerNode) return;
    const measure = () => {
      const available = outerNode.clientWidth;
      const width = innerNode.offsetWidth;
      const height = innerNode.offsetHeight;
      const scale = available > 0 && width > available ? available / width : 1;
      setFit((previous) =>
        previous.scale === scale && previous.height === height * scale
          ? previous
          : { scale, height: height * scale },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(outerNode);
    observer.observe(innerNode);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={outer} className="w-full overflow-hidden" style={{ height: fit.height }}>
      <div
        ref={inner}
        style={{
          width: 'max-content',
          margin: fit.scale === 1 ? '0 auto' : 0,
          transform: fit.scale === 1 ? undefined : `scale(${fit.scale})`,
          transformOrigin: 'top left',
        }}
      >
        {children}
      </div>
    </div>
  );
}
