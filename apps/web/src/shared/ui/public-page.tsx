import type { ReactNode } from 'react';
import { Box, Container, Group } from '@mantine/core';
import { Disclaimer } from './disclaimer';
import { LocaleSwitch } from './locale-switch';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** The frame of the screens shown before sign-in: language switch on top, content centred. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <Box component="header" px="md" py="sm">
        <Group justify="flex-end">
          <LocaleSwitch />
        </Group>
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Container size={460} py="xl">
          {children}
        </Container>
      </Box>
      <Box component="footer" px="md" pb="md">
        <Container size={460}>
          <Disclaimer />
        </Container>
      </Box>
    </>
  );
}
