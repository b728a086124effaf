import { Alert, Checkbox, Group, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { useTerms } from '../api/purchase-api';

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
        <Alert color="red" role="alert">
          {t('purchase.terms.loadFailed')}
        </Alert>
      )}
      {terms.data && (
        <ScrollArea.Autosize
          mah={180}
          type="auto"
          tabIndex={0}
          aria-label={t('purchase.terms.title')}
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
