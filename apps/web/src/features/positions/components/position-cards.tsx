import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Market } from '@klik/domain';
import { formatPercentage, formatVolume } from '../../../shared/format/format-numbers';
import { partKey } from '../../../shared/i18n/domain-labels';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import type { GridRow } from '../derive/grid-rows';
import { GridAction, MaturityName, PartPrice, positionId } from './grid-cells';

/**
 * A year of a contract on a phone: a card per maturity with its share clicked, a line per part
 * (open volume and price) and the Klik button or the reason with what to do. Nothing is wider than
 * the screen.
 */
export function PositionCards({
  contractId,
  rows,
  market,
  now,
  caption,
}: {
  contractId: string;
  rows: readonly GridRow[];
  market: Market;
  now: number;
  caption: string;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={caption}>
      {rows.map((row) => {
        const id = positionId(contractId, row);
        const clickable = row.action.kind === 'click';
        const headingId = `position-heading-${id}`;
        return (
          <Card
            key={row.maturity}
            component="li"
            withBorder
            padding="sm"
            aria-labelledby={headingId}
            data-testid={`position-${id}`}
            data-clickable={clickable}
            className={row.allowedByClickType ? undefined : 'klik-not-allowed'}
            bg={clickable ? 'teal.0' : undefined}
            c={clickable ? undefined : 'dimmed'}
          >
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="baseline">
                <Title order={3} size="sm" id={headingId}>
                  <MaturityName maturity={row.maturity} />
                </Title>
                <Text size="sm" className="klik-nowrap">
                  {t('positions.grid.clickedShare', {
                    share: formatPercentage(row.clickedPercentage, locale),
                  })}
                </Text>
              </Group>
              {row.parts.length === 0 && <Text size="sm">{t('positions.grid.noParts')}</Text>}
              {row.parts.map((part) => (
                <Group
                  key={part.name}
                  justify="space-between"
                  align="flex-start"
                  wrap="nowrap"
                  gap="xs"
                  data-testid={`position-part-${id}-${part.name}`}
                >
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {t(partKey(part.name))}
                    </Text>
                    <Text size="sm" className="klik-nowrap">
                      {`${t('positions.grid.open')}: ${formatVolume(part.openVolume, locale)}`}
                    </Text>
                  </Stack>
                  <PartPrice part={part} market={market} id={id} emphasised={clickable} now={now} />
                </Group>
              ))}
              <GridAction row={row} contractId={contractId} layout="card" />
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
