/**
 * A screen below Mantine's sm breakpoint: every max-width query matches. Answers the undo, for
 * an afterEach.
 */
export function onAPhone(): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query.includes('max-width'),
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
