import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children once they come near the screen, and a placeholder of the given height
 * until then. A screen with many charts (the results of every contract and year) draws only those
 * the user can see, instead of all of them before the first paint. Where the browser cannot say
 * what is visible (no IntersectionObserver), everything is drawn at once.
 */
export function WhenVisible({
  children,
  minHeight,
  rootMargin = '300px',
  testId = 'when-visible-placeholder',
}: {
  children: ReactNode;
  minHeight: number;
  rootMargin?: string;
  /** The placeholder's test id, for a test that waits until this content is drawn. */
  testId?: string;
}) {
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    if (visible || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, rootMargin]);
  if (visible) return <>{children}</>;
  return <div ref={placeholder} style={{ minHeight }} data-testid={testId} />;
}
