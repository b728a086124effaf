import { useState } from 'react';
import { Alert, Button, Group, Spoiler, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { PublishTermsBodySchema, type CustomerDetail, type ErrorCode } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useCustomerTerms, usePublishTerms } from '../api/customers-api';
import { errorCodeOf } from '../derive/form-failure';
import { asCode } from '../derive/user-form';
import { LoadFailed, Loading } from '../../../shared/ui/load-states';
import { TableRegion } from '../../../shared/ui/table-region';
import { ErrorAlert } from '../../../shared/ui/error-alert';

type TermsField = 'bodyNl' | 'bodyEn';

function PublishTermsForm({ customer }: { customer: CustomerDetail }) {
  const t = useT();
  const publish = usePublishTerms(customer.id);
  const [texts, setTexts] = useState<Record<TermsField, string>>({ bodyNl: '', bodyEn: '' });
  const [errors, setErrors] = useState<Partial<Record<TermsField, ErrorCode>>>({});
  const [refused, setRefused] = useState<ErrorCode | null>(null);
  const [asking, setAsking] = useState(false);
  const [published, setPublished] = useState<number | null>(null);

  function check() {
    setRefused(null);
    setPublished(null);
    const parsed = PublishTermsBodySchema.safeParse(texts);
    if (parsed.success) {
      setErrors({});
      setAsking(true);
      return;
    }
    const next: Partial<Record<TermsField, ErrorCode>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'bodyNl' || field === 'bodyEn') next[field] ??= asCode(issue.message);
    }
    setErrors(next);
  }

  function confirm() {
    publish.mutate(texts, {
      onSuccess: (version) => {
        setAsking(false);
        setTexts({ bodyNl: '', bodyEn: '' });
        setPublished(version.version);
      },
      onError: (error) => {
        setAsking(false);
        setRefused(errorCodeOf(error));
      },
    });
  }

  const field = (name: TermsField, label: string) => (
    <Textarea
      label={label}
      required
      // Not autosize: a fixed height keeps the page still while a long text is typed.
      rows={6}
      value={texts[name]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setTexts((current) => ({ ...current, [name]: value }));
      }}
      error={errors[name] ? t(errorMessageKey(errors[name])) : undefined}
      data-testid={`terms-${name}`}
    />
  );
  return (
    <form
      noValidate
      aria-labelledby="publish-terms-title"
      data-testid="publish-terms"
      onSubmit={(event) => {
        event.preventDefault();
        check();
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h4" id="publish-terms-title">
          {t('admin.customer.terms.publishTitle')}
        </Title>
        <Text size="sm">{t('admin.customer.terms.publishHint')}</Text>
        {field('bodyNl', t('admin.customer.terms.bodyNl'))}
        {field('bodyEn', t('admin.customer.terms.bodyEn'))}
        <ErrorAlert code={refused} testId="terms-error" />
        {published !== null && (
          <Alert color="teal" role="status" data-testid="terms-published">
            {t('admin.customer.terms.published', { version: published })}
          </Alert>
        )}
        <Group>
          <Button type="submit" data-testid="publish-terms-submit">
            {t('admin.customer.terms.publish')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={t('admin.customer.terms.confirmTitle')}
        body={t('admin.customer.terms.confirmBody', { name: customer.name })}
        confirmLabel={t('admin.customer.terms.publish')}
        pending={publish.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
        confirmTestId="confirm-publish-terms"
      />
    </form>
  );
}

/**
 * The terms that apply to the customer now (its own newest version, else the default), every
 * version, and (who may) a form to publish a new version in Dutch and English.
 */
export function CustomerTermsPanel({
  customer,
  mayPublish,
}: {
  customer: CustomerDetail;
  mayPublish: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const versions = useCustomerTerms(customer.id);
  const current = customer.terms;
  return (
    <Stack gap="sm" data-testid="customer-terms">
      <Title order={2}>{t('admin.customer.terms.title')}</Title>
      <Text size="sm" data-testid="terms-current">
        {current === null
          ? t('admin.customer.terms.noneCurrent')
          : t(
              current.own
                ? 'admin.customer.terms.currentOwn'
                : 'admin.customer.terms.currentDefault',
              {
                version: current.version,
                date: formatDateTime(current.publishedAt, locale),
              },
            )}
      </Text>
      {versions.isPending && <Loading text={t('admin.customer.terms.loading')} />}
      {versions.isError && (
        <LoadFailed
          text={t('admin.customer.terms.loadFailed')}
          onRetry={() => void versions.refetch()}
          testId="terms-versions-error"
        />
      )}
      {versions.data && versions.data.data.length > 0 && (
        <TableRegion
          id="terms-versions"
          caption={t('admin.customer.terms.versions')}
          minWidth={700}
          testId="terms-versions"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('admin.customer.terms.version')}</Table.Th>
              <Table.Th scope="col">{t('admin.customer.terms.kind')}</Table.Th>
              <Table.Th scope="col">{t('admin.customer.terms.publishedAt')}</Table.Th>
              <Table.Th scope="col">{t('admin.customer.terms.text')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {versions.data.data.map((version) => (
              <Table.Tr key={version.version} data-testid={`terms-version-${version.version}`}>
                <Table.Td>{version.version}</Table.Td>
                <Table.Td>
                  {t(
                    version.customerId === null
                      ? 'admin.customer.terms.default'
                      : 'admin.customer.terms.own',
                  )}
                </Table.Td>
                <Table.Td className="klik-nowrap">
                  {formatDateTime(version.publishedAt, locale)}
                </Table.Td>
                <Table.Td>
                  <Spoiler
                    maxHeight={40}
                    showLabel={t('admin.customer.terms.showMore')}
                    hideLabel={t('admin.customer.terms.showLess')}
                  >
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {locale === 'en' ? version.bodyEn : version.bodyNl}
                    </Text>
                  </Spoiler>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </TableRegion>
      )}
      {versions.data && versions.data.data.length === 0 && (
        <Text size="sm" data-testid="terms-versions-none">
          {t('admin.customer.terms.noVersions')}
        </Text>
      )}
      {mayPublish && <PublishTermsForm customer={customer} />}
    </Stack>
  );
}
