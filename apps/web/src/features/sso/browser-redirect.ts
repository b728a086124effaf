/**
 * Leaves the portal for the identity provider with a full-page navigation. Its own module, so
 * tests can stand in for a navigation that jsdom cannot make.
 */
export function redirectBrowser(url: string): void {
  window.location.assign(url);
}
