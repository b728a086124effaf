/** Internet Explorer announces itself as MSIE (up to 10) or Trident (11). */
export function isInternetExplorer(userAgent: string): boolean {
  return /MSIE |Trident\/|Internet Explorer/i.test(userAgent);
}
