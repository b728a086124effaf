import type { ReactNode } from 'react';
import { Box, Table } from '@mantine/core';

/**
 * A wide table that scrolls sideways on a narrow screen: the scrolling box is a named region a
 * keyboard can reach (axe's scrollable-region-focusable), named by the table's own caption, which
 * only screen readers hear.
 */
export function TableRegion({
  id,
  caption,
  minWidth,
  testId,
  striped,
  children,
}: {
  /** Unique on the page: the caption's id is `${id}-caption`. */
  id: string;
  caption: string;
  /** Left out: the table is no wider than its columns need. */
  minWidth?: number;
  testId: string;
  striped?: boolean;
  children: ReactNode;
}) {
  return (
    <Box className="klik-table-scroll" tabIndex={0} role="region" aria-labelledby={`${id}-caption`}>
      <Table withTableBorder striped={striped} fz="sm" miw={minWidth} data-testid={testId}>
        <caption id={`${id}-caption`} className="klik-visually-hidden">
          {caption}
        </caption>
        {children}
      </Table>
    </Box>
  );
}
