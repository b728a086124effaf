import { Button, Group } from '@mantine/core';
import type { Commodity } from '@klik/domain';
import { Link } from 'react-router';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useT } from '../../../shared/i18n/use-t';
import { PATHS } from '../../../shared/routing/paths';

const OPTIONS: readonly {
  commodity: Commodity | null;
  to: string;
  label: MessageKey;
  id: string;
}[] = [
  { commodity: null, to: PATHS.dashboard, label: 'positions.filter.all', id: 'all' },
  {
    commodity: 'Power',
    to: `${PATHS.dashboard}/power`,
    label: 'positions.filter.power',
    id: 'power',
  },
  { commodity: 'Gas', to: `${PATHS.dashboard}/gas`, label: 'positions.filter.gas', id: 'gas' },
];

/** All / Power / Gas as links, so the filter lives in the URL and works with the keyboard. */
export function CommoditySwitch({ current }: { current: Commodity | null }) {
  const t = useT();
  return (
    <nav aria-label={t('positions.filter.label')} data-testid="commodity-switch">
      <Group gap={0} wrap="nowrap">
        {OPTIONS.map((option, index) => {
          const active = option.commodity === current;
          return (
            <Button
              key={option.id}
              component={Link}
              to={option.to}
              variant={active ? 'filled' : 'default'}
              aria-current={active ? 'page' : undefined}
              data-testid={`commodity-${option.id}`}
              size="sm"
              radius={0}
              style={{
                borderTopLeftRadius: index === 0 ? 'var(--mantine-radius-md)' : undefined,
                borderBottomLeftRadius: index === 0 ? 'var(--mantine-radius-md)' : undefined,
                borderTopRightRadius:
                  index === OPTIONS.length - 1 ? 'var(--mantine-radius-md)' : undefined,
                borderBottomRightRadius:
                  index === OPTIONS.length - 1 ? 'var(--mantine-radius-md)' : undefined,
              }}
            >
              {t(option.label)}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}
