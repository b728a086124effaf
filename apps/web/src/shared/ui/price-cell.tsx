import { useEffect, useState, type ReactNode } from 'react';
import { Table } from '@mantine/core';

/** How long a moved price stays highlighted. */
const HIGHLIGHT_MS = 2000;

/**
 * A table cell with a price that may move while it is on screen. A change is highlighted briefly
 * (data-changed); the stylesheet fades it out, or not at all for prefers-reduced-motion.
 */
export function PriceCell({
  value,
  children,
  testId,
}: {
  value: string | null;
  children: ReactNode;
  testId?: string;
}) {
  const [shown, setShown] = useState(value);
  const [changes, setChanges] = useState(0);
  if (shown !== value) {
    setShown(value);
    setChanges((count) => count + 1);
  }
  useEffect(() => {
    if (changes === 0) return;
    const timer = setTimeout(() => setChanges(0), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [changes]);
  return (
    <Table.Td
      className="klik-nowrap klik-price-cell"
      data-changed={changes > 0 || undefined}
      data-testid={testId}
    >
      {children}
    </Table.Td>
  );
}
