import { Badge, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import type { MultiClickCustomer, MultiClickLine, MultiClickPreview, Quote } from '@klik/api';
import { formatMoney, formatPrice, formatVolume } from '../../../../shared/format/format-numbers';
import { partKey } from '../../../../shared/i18n/domain-labels';
import { errorMessageKeyFor } from '../../../../shared/i18n/message-keys';
import { useLocale } from '../../../../shared/i18n/use-locale';
import { useT } from '../../../../shared/i18n/use-t';
import { TableRegion } from '../../../../shared/ui/table-region';
import { DEFAULT_INPUT, type LineInput } from './multi-click-batch';
import { MultiClickRisk } from './multi-click-risk';

function PartFigures({ quote, figure }: { quote: Quote; figure: 'volume' | 'clickPrice' }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Stack gap={2}>
      {quote.parts.map((part) => (
        <Text key={part.name} size="sm">
          {t(partKey(part.name))}:{' '}
          {figure === 'volume'
            ? formatVolume(part.volume, locale)
            : formatPrice(part.clickPrice, locale)}
        </Text>
      ))}
    </Stack>
  );
}

function Needs({ quote }: { quote: Quote }) {
  const t = useT();
  const needs = [
    quote.requires.termsVersion !== null &&
      t('multiClick.needs.terms', { version: quote.requires.termsVersion }),
    quote.requires.sms && t('multiClick.needs.sms'),
    quote.requires.approval && t('multiClick.needs.approval'),
  ].filter((need): need is string => typeof need === 'string');
  if (needs.length === 0) return <Text size="sm">{t('multiClick.needs.nothing')}</Text>;
  return (
    <Group gap={4}>
      {needs.map((need) => (
        <Badge key={need} variant="outline" color="dark">
          {need}
        </Badge>
      ))}
    </Group>
  );
}

function LineRow({
  customer,
  line,
  input,
  onInput,
  disabled,
}: {
  customer: MultiClickCustomer;
  line: MultiClickLine;
  input: LineInput;
  onInput: (input: LineInput) => void;
  disabled: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const { quote } = line;
  return (
    <Table.Tr data-testid={`multi-click-line-${line.contractId}`}>
      <Table.Td>
        {quote && (
          <Checkbox
            aria-label={t('multiClick.include', {
              customer: customer.customerName,
              contract: line.contractId,
            })}
            checked={input.included}
            disabled={disabled}
            onChange={(event) => onInput({ ...input, included: event.currentTarget.checked })}
          />
        )}
      </Table.Td>
      <Table.Td>{customer.customerName}</Table.Td>
      <Table.Td>
        {line.contractId}
        <Text size="xs" c="gray.7">
          {line.product}
        </Text>
      </Table.Td>
      {quote ? (
        <>
          <Table.Td>
            <Badge color="teal.9">{t('multiClick.clickable')}</Badge>
          </Table.Td>
          <Table.Td>
            <PartFigures quote={quote} figure="volume" />
          </Table.Td>
          <Table.Td>
            <PartFigures quote={quote} figure="clickPrice" />
          </Table.Td>
          <Table.Td>{formatMoney(quote.totalCost, locale)}</Table.Td>
          <Table.Td>
            <MultiClickRisk quote={quote} />
          </Table.Td>
          <Table.Td>
            <Needs quote={quote} />
          </Table.Td>
        </>
      ) : (
        <Table.Td colSpan={6}>{t(errorMessageKeyFor(line.refusal?.code ?? 'INTERNAL'))}</Table.Td>
      )}
    </Table.Tr>
  );
}

/** Per customer and contract: clickable or why not, volume, price, cost and what confirming needs. */
export function MultiClickPreviewTable({
  preview,
  inputs,
  onInput,
  disabled,
}: {
  preview: MultiClickPreview;
  inputs: Readonly<Record<string, LineInput>>;
  onInput: (quoteId: string, input: LineInput) => void;
  disabled: boolean;
}) {
  const t = useT();
  return (
    <TableRegion
      id="multi-click-preview"
      caption={t('multiClick.previewCaption')}
      minWidth={1100}
      testId="multi-click-preview"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('multiClick.column.include')}</Table.Th>
          <Table.Th>{t('multiClick.column.customer')}</Table.Th>
          <Table.Th>{t('multiClick.column.contract')}</Table.Th>
          <Table.Th>{t('multiClick.column.status')}</Table.Th>
          <Table.Th>{t('multiClick.column.volume')}</Table.Th>
          <Table.Th>{t('multiClick.column.clickPrice')}</Table.Th>
          <Table.Th>{t('multiClick.column.cost')}</Table.Th>
          <Table.Th>{t('multiClick.column.risk')}</Table.Th>
          <Table.Th>{t('multiClick.column.needs')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {preview.customers.map((customer) =>
          !customer.mayClick || customer.lines.length === 0 ? (
            <Table.Tr
              key={customer.customerId}
              data-testid={`multi-click-customer-${customer.customerId}`}
            >
              <Table.Td />
              <Table.Td>{customer.customerName}</Table.Td>
              <Table.Td colSpan={7}>
                {t(customer.mayClick ? 'multiClick.noContract' : 'multiClick.noMandate')}
              </Table.Td>
            </Table.Tr>
          ) : (
            customer.lines.map((line) => (
              <LineRow
                key={`${customer.customerId}-${line.contractId}`}
                customer={customer}
                line={line}
                input={(line.quote && inputs[line.quote.quoteId]) || DEFAULT_INPUT}
                onInput={(input) => line.quote && onInput(line.quote.quoteId, input)}
                disabled={disabled}
              />
            ))
          ),
        )}
      </Table.Tbody>
    </TableRegion>
  );
}
