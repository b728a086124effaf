import type { ReactNode } from 'react';
import { Box, Text, Title } from '@mantine/core';

interface ChartFigureProps {
  id: string;
  title: string;
  /** The chart itself; hidden from assistive technology, which reads the table instead. */
  chart: ReactNode;
  /** The same figures as a table: the chart's text alternative. */
  table: ReactNode;
  testId: string;
  /** Said instead of the chart when there is nothing to draw. */
  empty?: string | null;
}

/** A chart with an accessible name and its figures as a visually hidden table. */
export function ChartFigure({ id, title, chart, table, testId, empty = null }: ChartFigureProps) {
  const titleId = `${id}-title`;
  return (
    <Box component="figure" m={0} aria-labelledby={titleId} data-testid={testId}>
      <Title order={3} size="h5" id={titleId} component="figcaption" mb="xs">
        {title}
      </Title>
      {empty === null ? (
        <>
          <div aria-hidden="true">{chart}</div>
          <div className="klik-visually-hidden">{table}</div>
        </>
      ) : (
        <Text size="sm">{empty}</Text>
      )}
    </Box>
  );
}
