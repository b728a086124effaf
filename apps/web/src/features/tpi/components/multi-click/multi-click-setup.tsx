import { useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  ScrollArea,
  Stack,
  TextInput,
} from '@mantine/core';
import { PercentageInputSchema, type Customer, type MultiClickPreviewBody } from '@klik/api';
import { MATURITIES } from '@klik/domain';
import { maturityWords } from '../../../../shared/i18n/domain-labels';
import { useLocale } from '../../../../shared/i18n/use-locale';
import { useT } from '../../../../shared/i18n/use-t';

export type MultiClickRequest = Omit<MultiClickPreviewBody, 'market' | 'replacesQuoteIds'>;

/** Who, which position and how much: the customers, commodity, year, maturity and share. */
export function MultiClickSetup({
  customers,
  initial,
  busy,
  onPreview,
}: {
  customers: Customer[];
  initial: MultiClickRequest;
  busy: boolean;
  onPreview: (request: MultiClickRequest) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [chosen, setChosen] = useState<string[]>(initial.customerIds.map(String));
  const [commodity, setCommodity] = useState(initial.commodity);
  const [year, setYear] = useState(String(initial.yearOfSupply));
  const [maturity, setMaturity] = useState(initial.maturity);
  const [percentage, setPercentage] = useState(initial.percentage);
  const [touched, setTouched] = useState(false);
  const thisYear = new Date().getFullYear();
  const years = [0, 1, 2, 3].map((offset) => String(thisYear + offset));
  // A Dutch decimal comma is read as the point the server expects.
  const share = percentage.trim().replace(',', '.');
  const shareValid = PercentageInputSchema.safeParse(share).success;
  const everyone = chosen.length === customers.length && customers.length > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!shareValid || chosen.length === 0) return;
    onPreview({
      customerIds: chosen.map(Number),
      commodity,
      yearOfSupply: Number(year),
      maturity,
      percentage: share,
    });
  }

  return (
    <form onSubmit={submit} noValidate data-testid="multi-click-setup">
      <Stack gap="md">
        <Checkbox.Group
          label={t('multiClick.customers')}
          value={chosen}
          onChange={setChosen}
          error={touched && chosen.length === 0 ? t('multiClick.customersRequired') : undefined}
        >
          <Checkbox
            mt="xs"
            label={t('multiClick.allCustomers')}
            checked={everyone}
            indeterminate={chosen.length > 0 && !everyone}
            onChange={() =>
              setChosen(everyone ? [] : customers.map((customer) => String(customer.id)))
            }
          />
          <ScrollArea.Autosize mah={220} mt="xs">
            <Stack gap={6}>
              {customers.map((customer) => (
                <Checkbox key={customer.id} value={String(customer.id)} label={customer.name} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Checkbox.Group>
        <Radio.Group
          label={t('multiClick.commodity')}
          value={commodity}
          onChange={(value) => setCommodity(value === 'Gas' ? 'Gas' : 'Power')}
        >
          <Group mt="xs">
            <Radio value="Power" label={t('multiClick.commodity.power')} />
            <Radio value="Gas" label={t('multiClick.commodity.gas')} />
          </Group>
        </Radio.Group>
        <Group grow align="flex-start">
          <NativeSelect
            label={t('multiClick.year')}
            value={year}
            onChange={(event) => setYear(event.currentTarget.value)}
            data={years}
          />
          <NativeSelect
            label={t('multiClick.maturity')}
            value={maturity}
            onChange={(event) => {
              const picked = MATURITIES.find((value) => value === event.currentTarget.value);
              if (picked) setMaturity(picked);
            }}
            data={MATURITIES.map((value) => ({
              value,
              label: maturityWords(value, t, locale),
            }))}
          />
          <TextInput
            label={t('multiClick.share')}
            description={t('multiClick.shareHint')}
            inputMode="decimal"
            rightSection="%"
            value={percentage}
            onChange={(event) => setPercentage(event.currentTarget.value)}
            error={touched && !shareValid ? t('multiClick.shareInvalid') : undefined}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t('multiClick.preview')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
