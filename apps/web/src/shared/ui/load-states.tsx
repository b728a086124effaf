import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useEnv } from '../env/use-env';
import { useT } from '../i18n/use-t';
import { useSession } from '../session/use-session';

/** A spinner with what is being loaded, announced politely. */
export function Loading({ text }: { text: string }) {
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" />
      <Text>{text}</Text>
    </Group>
  );
}

/** What could not be loaded, and the one thing to do about it. */
export function LoadFailed({
  text,
  onRetry,
  testId,
}: {
  text: string;
  onRetry: () => void;
  testId?: string;
}) {
  const t = useT();
  return (
    <Alert color="red" role="alert" data-testid={testId}>
      <Group gap="sm">
        <Text size="sm">{text}</Text>
        <Button variant="default" size="xs" onClick={onRetry}>
          {t('app.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

/** A screen the next step leads to: where, and in words. */
export interface NextStep {
  to: string;
  label: string;
}

/**
 * Nothing to show yet, what will appear here, and the step that changes that. A step to the
 * screen the user is on is left out: the text already says what to do there.
 */
export function EmptyState({
  text,
  steps = [],
  testId,
}: {
  text: string;
  steps?: readonly NextStep[];
  testId?: string;
}) {
  const { pathname } = useLocation();
  const shown = steps.filter((step) => step.to.split(/[?#]/)[0] !== pathname);
  return (
    <Alert color="gray" data-testid={testId}>
      <Stack gap="xs">
        <Text size="sm">{text}</Text>
        {shown.length > 0 && (
          <Group gap="md">
            {shown.map((step) => (
              // The primary colour on the alert's grey misses AA by a hair: the text's own colour,
              // underlined, reads as a link.
              <Anchor
                key={step.to}
                component={Link}
                to={step.to}
                size="sm"
                c="var(--mantine-color-text)"
                underline="always"
              >
                {step.label}
              </Anchor>
            ))}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * Who can give a user without customers one differs: an administrator creates customers, an
 * account manager is given them, a consultant is linked to them and a customer's user to their
 * company.
 */
export function NoCustomerYet({ testId = 'no-customer' }: { testId?: string }) {
  const t = useT();
  const session = useSession();
  const env = useEnv();
  // The contact section is there only where the deployment shows its help.
  const contact: NextStep[] = env.displayHelp
    ? [{ to: '/help#help-contact', label: t('app.noCustomer.help') }]
    : [];
  switch (session?.role) {
    case undefined:
      return null;
    case 'admin':
      return (
        <EmptyState
          text={t('app.noCustomer.admin')}
          steps={[{ to: '/managecustomers?new=1', label: t('app.noCustomer.create') }]}
          testId={testId}
        />
      );
    case 'accountmanager':
      return <EmptyState text={t('app.noCustomer.accountManager')} testId={testId} />;
    case 'consultant':
      return (
        <EmptyState
          text={t('app.noCustomer.consultant')}
          steps={[{ to: '/myinfo', label: t('shell.nav.myInfo') }, ...contact]}
          testId={testId}
        />
      );
    case 'customer':
      return <EmptyState text={t('app.noCustomer.customer')} steps={contact} testId={testId} />;
  }
}

/** A customer screen without a customer to work on: choose one, or how to get one. */
export function NoCustomer({ testId = 'no-customer' }: { testId?: string }) {
  const t = useT();
  const session = useSession();
  if (session && session.allowedCustomers.length > 0) {
    return <EmptyState text={t('app.noCustomer.choose')} testId={testId} />;
  }
  return <NoCustomerYet testId={testId} />;
}
