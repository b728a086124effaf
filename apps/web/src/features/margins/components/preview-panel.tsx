import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type AssignedContract, type MarginDraft, type MarginPreview } from '@klik/api';
import { MATURITIES, type Maturity } from '@klik/domain';
import { formatExactPrice } from '../../../shared/format/format-numbers';
import { partKey } from '../../../shared/i18n/domain-labels';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT, type Translate } from '../../../shared/i18n/use-t';
import { TableRegion } from '../../../shared/ui/table-region';
import { usePreview } from '../api/margins-api';
import { FindContract } from './margin-pickers';
import { ApiErrorAlert } from './api-error-alert';

type Price = MarginPreview['parts'][number]['current'];

function sourceText(price: Price, t: Translate): string {
  switch (price.source.kind) {
    case 'draft':
      return t('margins.preview.source.draft');
    case 'contract':
      return t('margins.preview.source.contract');
    case 'scenario':
      return t(
        price.source.assignedTo === 'contract'
          ? 'margins.preview.source.contractScenario'
          : 'margins.preview.source.customerScenario',
        { scenario: price.source.scenarioId, version: price.source.version },
      );
  }
}

/**
 * For a chosen contract and maturity: the click price now as a quote would get it, and with the
 * edited (unsaved) scenario assigned to the contract.
 */
export function PreviewPanel({ draftOf }: { draftOf: () => MarginDraft | null }) {
  const t = useT();
  const locale = useLocale();
  const preview = usePreview();
  const [contract, setContract] = useState<AssignedContract | null>(null);
  const [year, setYear] = useState(String(new Date().getFullYear() + 1));
  const [maturity, setMaturity] = useState<Maturity>('Y');
  const [invalidDraft, setInvalidDraft] = useState(false);
  const yearValid = /^\d{4}$/.test(year) && Number(year) >= 2000 && Number(year) <= 2100;
  const price = (value: string | null) => (value === null ? '—' : formatExactPrice(value, locale));

  function show() {
    const draft = draftOf();
    setInvalidDraft(draft === null);
    if (draft === null || contract === null || !yearValid) return;
    preview.mutate({ contractId: contract.id, yearOfSupply: Number(year), maturity, draft });
  }

  return (
    <Stack gap="sm" data-testid="preview-panel">
      <Title order={3}>{t('margins.preview.title')}</Title>
      <Text size="sm">{t('margins.preview.intro')}</Text>
      <Group align="flex-end">
        <FindContract
          label={t('margins.preview.contract')}
          onPick={setContract}
          testId="preview-contract"
        />
        <TextInput
          label={t('margins.preview.year')}
          value={year}
          error={yearValid ? undefined : t('margins.preview.yearInvalid')}
          onChange={(event) => setYear(event.currentTarget.value)}
          w={120}
          data-testid="preview-year"
        />
        <NativeSelect
          label={t('margins.preview.maturity')}
          value={maturity}
          onChange={(event) => setMaturity(event.currentTarget.value as Maturity)}
          data={MATURITIES.map((value) => ({ value, label: value }))}
          data-testid="preview-maturity"
        />
        <Button
          variant="default"
          onClick={show}
          disabled={contract === null}
          loading={preview.isPending}
          data-testid="show-preview"
        >
          {t('margins.preview.show')}
        </Button>
      </Group>
      <Text size="sm" data-testid="preview-chosen">
        {contract
          ? t('margins.preview.chosen', {
              contract: contract.contractId,
              customer: contract.customerName,
            })
          : t('margins.preview.choose')}
      </Text>
      {invalidDraft && (
        <Alert color="red" role="alert">
          {t('margins.editor.fixFields')}
        </Alert>
      )}
      <ApiErrorAlert error={preview.error} />
      {preview.data && preview.data.parts.length === 0 && (
        <Text size="sm">{t('margins.preview.noVolume')}</Text>
      )}
      {preview.data && preview.data.parts.length > 0 && (
        <TableRegion
          id="margin-preview"
          caption={t('margins.preview.caption')}
          minWidth={720}
          testId="preview-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('margins.grid.part')}</Table.Th>
              <Table.Th>{t('margins.preview.marketPrice')}</Table.Th>
              <Table.Th>{t('margins.preview.current')}</Table.Th>
              <Table.Th>{t('margins.preview.edited')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.data.parts.map((part) => (
              <Table.Tr key={part.name} data-testid={`preview-${part.name}`}>
                <Table.Td>
                  {t(partKey(part.name))} ({part.marketProduct})
                </Table.Td>
                <Table.Td>{price(part.marketPrice)}</Table.Td>
                <Table.Td data-testid={`preview-current-${part.name}`}>
                  <Text size="sm" fw={700}>
                    {price(part.current.clickPrice)}
                  </Text>
                  <Text size="xs">{sourceText(part.current, t)}</Text>
                </Table.Td>
                <Table.Td data-testid={`preview-edited-${part.name}`}>
                  <Text size="sm" fw={700}>
                    {price(part.edited.clickPrice)}
                  </Text>
                  <Text size="xs">{sourceText(part.edited, t)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </TableRegion>
      )}
    </Stack>
  );
}
