import { useState } from 'react';
import { Alert, Divider, Group, Stack, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import type { CustomerDetail } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import type { StoredSession } from '../../../shared/session/session-store';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import { useCustomer, useSetCustomerActive } from '../api/customers-api';
import { ActiveToggle, type ActiveToggleTexts } from '../components/active-toggle';
import { CustomerDashboardsEditor } from '../components/customer-dashboards-editor';
import { CustomerSettingsForm } from '../components/customer-settings-form';
import { CustomerTermsPanel } from '../components/customer-terms-panel';
import { CustomerUsersTable } from '../components/customer-users-table';
import { isCreated, RecordEditFrame, useIdParam } from '../components/record-edit-parts';
import { VersionConflictAlert } from '../components/version-conflict-alert';
import { may } from '../derive/may';
import { StatusBadge } from '../../../shared/ui/status-badge';

/** The part of the screen whose save met a newer version of the customer. */
type ConflictIn = 'settings' | 'dashboards' | 'active';

/** Deactivating signs out its users without another active customer; its contracts stop. */
const CUSTOMER_ACTIVE_TEXTS: ActiveToggleTexts = {
  deactivate: 'admin.customer.deactivate',
  reactivate: 'admin.customer.reactivate',
  deactivateTitle: 'admin.customer.deactivateTitle',
  reactivateTitle: 'admin.customer.reactivateTitle',
  deactivateBody: 'admin.customer.deactivateBody',
  reactivateBody: 'admin.customer.reactivateBody',
  testIdOf: 'customer',
};

function EditCustomer({
  loaded,
  session,
  reload,
}: {
  loaded: CustomerDetail;
  session: StoredSession;
  reload: () => Promise<CustomerDetail | undefined>;
}) {
  const t = useT();
  const location = useLocation();
  // The version every form saves on; only a save or an explicit reload moves it.
  const [base, setBase] = useState(loaded);
  const [conflict, setConflict] = useState<ConflictIn | null>(null);
  const [reloading, setReloading] = useState(false);
  const [reloaded, setReloaded] = useState(false);
  // Discarding what was typed starts the forms afresh from the newest version.
  const [formsKey, setFormsKey] = useState(0);
  const editable = may(session, 'customers.edit');
  const setActive = useSetCustomerActive(base.id);

  function saved(customer: CustomerDetail) {
    setBase(customer);
    setConflict(null);
    setReloaded(false);
  }

  async function loadNewest(keepTyped: boolean) {
    setReloading(true);
    try {
      const fresh = await reload();
      if (!fresh) return;
      setBase(fresh);
      setConflict(null);
      setReloaded(keepTyped);
      if (!keepTyped) setFormsKey((key) => key + 1);
    } finally {
      setReloading(false);
    }
  }
  const conflictAlert = (where: ConflictIn) =>
    conflict === where ? (
      <VersionConflictAlert
        reloading={reloading}
        onReload={(keepTyped) => void loadNewest(keepTyped)}
        message="admin.customer.conflict"
      />
    ) : null;

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Group gap="sm">
          <StatusBadge tone={base.active ? 'success' : 'neutral'} testId="customer-active">
            {t(base.active ? 'admin.customers.active' : 'admin.customers.inactive')}
          </StatusBadge>
          <Text size="sm">{t('admin.customer.id', { id: base.id })}</Text>
        </Group>
        {isCreated(location.state) && (
          <Alert color="teal" data-testid="customer-created">
            {t('admin.customer.created')}
          </Alert>
        )}
        {!editable && (
          <Alert color="gray" data-testid="customer-read-only">
            {t('admin.customer.viewOnly')}
          </Alert>
        )}
        {reloaded && (
          <Alert color="blue" role="status" data-testid="customer-reloaded">
            {t('admin.customer.reloaded')}
          </Alert>
        )}
        {may(session, 'customers.deactivate') && (
          <Group>
            <ActiveToggle
              record={base}
              mutation={setActive}
              texts={CUSTOMER_ACTIVE_TEXTS}
              onChanged={saved}
              onConflict={() => setConflict('active')}
            />
          </Group>
        )}
        {conflictAlert('active')}
      </Stack>
      <CustomerSettingsForm
        key={`settings-${formsKey}`}
        base={base}
        editable={editable}
        conflict={conflictAlert('settings')}
        onSaved={saved}
        onConflict={() => setConflict('settings')}
      />
      <Divider />
      <CustomerDashboardsEditor
        key={`dashboards-${formsKey}`}
        base={base}
        editable={editable}
        conflict={conflictAlert('dashboards')}
        onSaved={saved}
        onConflict={() => setConflict('dashboards')}
      />
      <Divider />
      <CustomerUsersTable users={base.users} />
      <Divider />
      <CustomerTermsPanel
        customer={{ ...base, terms: loaded.terms }}
        mayPublish={may(session, 'terms.publish')}
      />
    </Stack>
  );
}

/** editcustomer/{id}: a customer's name, click settings, dashboards, users and terms. */
export function CustomerEditScreen() {
  const session = useSession();
  const customerId = useIdParam('customerId');
  const customer = useCustomer(customerId ?? 0, customerId !== null);
  if (!session) return null;
  return (
    <RecordEditFrame
      kind="customer"
      back={ADMIN_WEB_PATHS.manageCustomers}
      found={customerId !== null}
      query={customer}
    >
      {customer.data && (
        <EditCustomer
          key={customer.data.id}
          loaded={customer.data}
          session={session}
          reload={async () => (await customer.refetch()).data}
        />
      )}
    </RecordEditFrame>
  );
}
