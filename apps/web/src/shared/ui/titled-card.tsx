import type { ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';

/** A section of a screen in a card: its heading, a sentence of what it is for, then its content. */
export function TitledCard({
  title,
  intro,
  testId,
  children,
}: {
  title: string;
  intro: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text size="sm">{intro}</Text>
        {children}
      </Stack>
    </Card>
  );
}
