import type { ReactNode } from 'react';
import { Anchor, Card, Group, List, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** One line of a dashboard panel; `key` also names it (`${testId}-${key}`). */
export interface PanelLine {
  key: number | string;
  text: ReactNode;
}

/**
 * A panel on the dashboard that lists a few of the customer's records compactly: its title with
 * how many there are, the lines, and the way to all of them. The panel (`testId`) is a section
 * named by its title.
 */
export function DashboardListPanel({
  testId,
  title,
  count,
  lines,
  more,
}: {
  testId: string;
  title: string;
  count: string;
  lines: readonly PanelLine[];
  more: { to: string; label: string };
}) {
  return (
    <Card
      withBorder
      padding="sm"
      data-testid={testId}
      component="section"
      aria-labelledby={`${testId}-title`}
    >
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id={`${testId}-title`}>
          {title}
        </Title>
        <Text size="sm">{count}</Text>
      </Group>
      <List size="sm" spacing={2}>
        {lines.map((line) => (
          <List.Item key={line.key} data-testid={`${testId}-${line.key}`}>
            {line.text}
          </List.Item>
        ))}
      </List>
      <Anchor component={Link} to={more.to} size="sm" mt="xs" display="inline-block">
        {more.label}
      </Anchor>
    </Card>
  );
}
