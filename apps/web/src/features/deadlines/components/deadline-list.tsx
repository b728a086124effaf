import { Anchor, Card, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import type { Deadline, Locale } from '@klik/api';
import { formatDay, formatVolume } from '../../../shared/format/format-numbers';
import { maturityWords, partKey } from '../../../shared/i18n/domain-labels';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT, type Translate } from '../../../shared/i18n/use-t';
import { chooseCustomer } from '../../../shared/session/session-store';
import { useSession } from '../../../shared/session/use-session';
import { TableRegion } from '../../../shared/ui/table-region';
import { StatusBadge } from '../../../shared/ui/status-badge';

// Below this width the table becomes a list of cards (a 390px phone).
const PHONE = '(max-width: 36em)';

/** The click screen of a position; the purchase flow has its own paths (startpurchase). */
function startPurchasePath(deadline: Deadline): string {
  return `/startpurchase/${encodeURIComponent(deadline.contractId)}/${deadline.yearOfSupply}/${deadline.maturity}`;
}

function keyOf(deadline: Deadline): string {
  return `${deadline.customerId}-${deadline.contractId}-${deadline.yearOfSupply}-${deadline.maturity}`;
}

function positionText(deadline: Deadline, t: Translate, locale: Locale): string {
  const commodity = t(deadline.commodity === 'Gas' ? 'positions.part.gas' : 'deadlines.power');
  return `${commodity} ${deadline.yearOfSupply} ${maturityWords(deadline.maturity, t, locale)}`;
}

/** Days left, emphasised once the reminder is due (and stronger on the last days). */
function DaysLeft({ deadline, reminderDays }: { deadline: Deadline; reminderDays: number }) {
  const t = useT();
  const text = t('deadlines.tradingDaysLeft', { n: deadline.tradingDaysLeft });
  const calendar = t('deadlines.calendarDaysLeft', { n: deadline.calendarDaysLeft });
  const urgent = deadline.tradingDaysLeft <= 2;
  const soon = deadline.tradingDaysLeft <= reminderDays;
  return (
    <Stack gap={2}>
      {soon ? (
        <StatusBadge tone={urgent ? 'danger' : 'warning'} testId="days-left">
          {text}
        </StatusBadge>
      ) : (
        <Text size="sm" data-testid="days-left">
          {text}
        </Text>
      )}
      <Text size="xs">{calendar}</Text>
    </Stack>
  );
}

function OpenVolume({ deadline }: { deadline: Deadline }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Stack gap={0}>
      {deadline.parts.map((part) => (
        <Text size="sm" key={part.name}>
          {`${t(partKey(part.name))}: ${formatVolume(part.openVolume, locale)}`}
        </Text>
      ))}
    </Stack>
  );
}

function ClickLink({ deadline }: { deadline: Deadline }) {
  const t = useT();
  const session = useSession();
  if (!deadline.mayClick) return null;
  const customer = session?.allowedCustomers.find((c) => c.id === deadline.customerId);
  return (
    <Anchor
      component={Link}
      to={startPurchasePath(deadline)}
      onClick={() => {
        if (customer) chooseCustomer(customer);
      }}
      data-testid="deadline-click"
    >
      {t('deadlines.click', { contract: deadline.contractId })}
    </Anchor>
  );
}

/** The deadlines soonest first: a table, or cards on a phone. */
export function DeadlineList({
  deadlines,
  reminderDays,
  showCustomer,
}: {
  deadlines: readonly Deadline[];
  reminderDays: number;
  showCustomer: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const lastDay = (deadline: Deadline) =>
    t('deadlines.lastDayUntil', { day: formatDay(deadline.lastTradingDay, locale) });

  if (phone) {
    return (
      <Stack
        gap="sm"
        component="ul"
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('deadlines.caption')}
      >
        {deadlines.map((deadline) => (
          <Card
            component="li"
            withBorder
            key={keyOf(deadline)}
            data-testid={`deadline-${keyOf(deadline)}`}
          >
            <Stack gap={4}>
              {showCustomer && <Text size="sm">{deadline.customerName}</Text>}
              <Text
                fw={700}
              >{`${positionText(deadline, t, locale)} — ${deadline.contractId}`}</Text>
              <Text size="sm">{lastDay(deadline)}</Text>
              <DaysLeft deadline={deadline} reminderDays={reminderDays} />
              <OpenVolume deadline={deadline} />
              <ClickLink deadline={deadline} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <TableRegion
      id="deadlines"
      caption={t('deadlines.caption')}
      minWidth={720}
      testId="deadline-table"
    >
      <Table.Thead>
        <Table.Tr>
          {showCustomer && <Table.Th scope="col">{t('deadlines.column.customer')}</Table.Th>}
          <Table.Th scope="col">{t('deadlines.column.position')}</Table.Th>
          <Table.Th scope="col">{t('deadlines.column.lastDay')}</Table.Th>
          <Table.Th scope="col">{t('deadlines.column.daysLeft')}</Table.Th>
          <Table.Th scope="col">{t('deadlines.column.openVolume')}</Table.Th>
          <Table.Th scope="col">{t('deadlines.column.action')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {deadlines.map((deadline) => (
          <Table.Tr key={keyOf(deadline)} data-testid={`deadline-${keyOf(deadline)}`}>
            {showCustomer && <Table.Td>{deadline.customerName}</Table.Td>}
            <Table.Th scope="row">
              <Text size="sm" fw={600}>
                {positionText(deadline, t, locale)}
              </Text>
              <Text size="xs">{deadline.contractId}</Text>
            </Table.Th>
            <Table.Td>{lastDay(deadline)}</Table.Td>
            <Table.Td>
              <DaysLeft deadline={deadline} reminderDays={reminderDays} />
            </Table.Td>
            <Table.Td>
              <OpenVolume deadline={deadline} />
            </Table.Td>
            <Table.Td>
              <ClickLink deadline={deadline} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
  );
}
