import { Alert, Anchor, List, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DISABLE_CLICK_REASONS, type DisableClickReason } from '@klik/domain';
import { useEnv } from '../../../shared/env/use-env';
import { disableClickReasonKey, type MessageKey } from '../../../shared/i18n/catalogues';
import { useT } from '../../../shared/i18n/use-t';
import { PATHS } from '../../../shared/routing/paths';
import { TableRegion } from '../../../shared/ui/table-region';

/** What a user can do about each reason a position cannot be clicked. */
const REASON_ACTIONS: Readonly<Record<DisableClickReason, MessageKey>> = {
  DC_10: 'help.reason.DC_10',
  DC_11: 'help.reason.DC_11',
  DC_12: 'help.reason.DC_12',
  DC_21: 'help.reason.DC_21',
  DC_22: 'help.reason.DC_22',
  DC_23: 'help.reason.DC_23',
  DC_31: 'help.reason.DC_31',
  DC_34: 'help.reason.DC_34',
  DC_35: 'help.reason.DC_35',
  DC_36: 'help.reason.DC_36',
  DC_37: 'help.reason.DC_37',
};

const CLICKING_POINTS: readonly MessageKey[] = [
  'help.clicking.window',
  'help.clicking.deadline',
  'help.clicking.runout',
  'help.clicking.price',
];

const MARKET_POINTS: readonly MessageKey[] = ['help.markets.otc', 'help.markets.ice'];

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * Help (spec section 2, route help): how clicking works, what each DC_ reason means and what to
 * do about it, and whom to ask. Shown when the deployment's displayHelp is on; the wording of the
 * contact section is the deployment's to override (`translations`, key help.contact.body).
 */
export function HelpScreen() {
  const t = useT();
  const env = useEnv();

  if (!env.displayHelp) {
    return (
      <Stack data-testid="screen-help">
        <Title order={1}>{t('help.title')}</Title>
        <Alert color="gray" data-testid="help-off">
          {t('help.off')}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="xl" maw={860} data-testid="screen-help">
      <Stack gap="xs">
        <Title order={1}>{t('help.title')}</Title>
        <Text>{t('help.intro')}</Text>
      </Stack>

      <Section id="help-clicking" title={t('help.clicking.title')}>
        <Text>{t('help.clicking.intro')}</Text>
        <List spacing="xs">
          {CLICKING_POINTS.map((key) => (
            <List.Item key={key}>{t(key)}</List.Item>
          ))}
        </List>
      </Section>

      <Section id="help-markets" title={t('help.markets.title')}>
        <List spacing="xs">
          {MARKET_POINTS.map((key) => (
            <List.Item key={key}>{t(key)}</List.Item>
          ))}
        </List>
      </Section>

      <Section id="help-reasons" title={t('help.reasons.title')}>
        <Text>{t('help.reasons.intro')}</Text>
        <TableRegion
          id="help-reasons"
          caption={t('help.reasons.table')}
          minWidth={520}
          testId="help-reasons"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('help.reasons.code')}</Table.Th>
              <Table.Th scope="col">{t('help.reasons.meaning')}</Table.Th>
              <Table.Th scope="col">{t('help.reasons.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {DISABLE_CLICK_REASONS.map((reason) => (
              <Table.Tr key={reason} data-testid={`help-reason-${reason}`}>
                <Table.Th scope="row">{reason}</Table.Th>
                <Table.Td>{t(disableClickReasonKey(reason))}</Table.Td>
                <Table.Td>{t(REASON_ACTIONS[reason])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </TableRegion>
      </Section>

      <Section id="help-contact" title={t('help.contact.title')}>
        <Text data-testid="help-contact">{t('help.contact.body')}</Text>
        <Text>
          {t('help.contact.myInfo')}{' '}
          <Anchor component={Link} to={PATHS.myInfo}>
            {t('shell.nav.myInfo')}
          </Anchor>
        </Text>
      </Section>
    </Stack>
  );
}
