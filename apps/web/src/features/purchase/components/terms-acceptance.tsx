import { Checkbox, Group, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { useTerms } from '../api/purchase-api';
import { LoadFailed } from '../../../shared/ui/load-states';

/** The customer's terms, to be accepted once per version before the first click under them. */
export function TermsAcceptance({
  customerId,
  version,
  accepted,
  onChange,
}: {
  customerId: number;
  version: number;
  accepted: boolean;
  onChange: (accepted: boolean) => void;
}) {
  const t = useT();
  const terms = useTerms(customerId, true);
  return (
    <Stack gap="xs" component="section" aria-labelledby="terms-title" data-testid="terms">
      <Title order={2} size="h4" id="terms-title">
        {t('purchase.terms.title')}
      </Title>
      <Text size="sm">{t('purchase.terms.intro', { version })}</Text>
      {terms.isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('purchase.terms.loading')}</Text>
        </Group>
      )}
      {terms.isError && (
        <LoadFailed text={t('purchase.terms.loadFailed')} onRetry={() => void terms.refetch()} />
      )}
      {terms.data && (
        <ScrollArea.Autosize
          mah={180}
          type="auto"
          // The viewport is what scrolls: it takes the focus, so the keyboard can scroll it.
          viewportProps={{
            tabIndex: 0,
            role: 'region',
            'aria-label': t('purchase.terms.text', { version }),
          }}
          className="klik-terms-text"
          data-testid="terms-body"
        >
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {terms.data.body}
          </Text>
        </ScrollArea.Autosize>
      )}
      <Checkbox
        checked={accepted}
        onChange={(event) => onChange(event.currentTarget.checked)}
        label={t('purchase.terms.accept', { version })}
        data-testid="terms-accept"
      />
    </Stack>
  );
}
