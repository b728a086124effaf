/** 0 very weak, 1 weak, 2 fair, 3 strong, 4 very strong. */
export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

const CLASSES: { pattern: RegExp; size: number }[] = [
  { pattern: /[a-z]/, size: 26 },
  { pattern: /[A-Z]/, size: 26 },
  { pattern: /\d/, size: 10 },
  { pattern: /[^a-zA-Z\d]/, size: 33 },
];

// Runs of one character or of neighbours ("aaaa", "1234", "dcba") add almost nothing.
function predictableRuns(password: string): number {
  let predictable = 0;
  for (let i = 1; i < password.length; i += 1) {
    const step = password.charCodeAt(i) - password.charCodeAt(i - 1);
    if (step >= -1 && step <= 1) predictable += 1;
  }
  return predictable;
}

/**
 * A rough strength for the meter beside a new password: bits from the length and the kinds of
 * characters used, less for repeated and sequential characters. It guides; the server decides
 * (length and the list of common passwords).
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length === 0) return 0;
  const alphabet = CLASSES.reduce(
    (sum, { pattern, size }) => (pattern.test(password) ? sum + size : sum),
    0,
  );
  const distinct = new Set(password).size;
  const effectiveLength = Math.max(
    1,
    Math.min(password.length - predictableRuns(password), distinct * 2),
  );
  const bits = effectiveLength * Math.log2(alphabet);
  if (password.length < 8 || bits < 30) return 0;
  if (bits < 45) return 1;
  if (bits < 60) return 2;
  if (bits < 80) return 3;
  return 4;
}
