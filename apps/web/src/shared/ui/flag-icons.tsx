/** Small inline flags, decorative: the buttons carry the language name as their label. */
export function DutchFlag() {
  return (
    <svg width="24" height="16" viewBox="0 0 9 6" aria-hidden="true" focusable="false">
      <rect width="9" height="6" fill="#21468B" />
      <rect width="9" height="4" fill="#FFFFFF" />
      <rect width="9" height="2" fill="#AE1C28" />
    </svg>
  );
}

export function BritishFlag() {
  return (
    <svg width="24" height="16" viewBox="0 0 60 40" aria-hidden="true" focusable="false">
      <rect width="60" height="40" fill="#012169" />
      <path d="M0,0 L60,40 M60,0 L0,40" stroke="#FFFFFF" strokeWidth="8" />
      <path d="M0,0 L60,40 M60,0 L0,40" stroke="#C8102E" strokeWidth="3" />
      <path d="M30,0 V40 M0,20 H60" stroke="#FFFFFF" strokeWidth="12" />
      <path d="M30,0 V40 M0,20 H60" stroke="#C8102E" strokeWidth="7" />
    </svg>
  );
}
