import { useState } from 'react';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { IdParamSchema, type ContractDetail } from '@klik/api';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { useContract } from '../api/contracts-api';
import { ContractForm } from '../components/contract-form';
import { CONTRACT_WEB_PATHS } from '../contracts-paths';
import { emptyContractForm, formOfContract } from '../derive/contract-form';
import { errorCodeOf } from '../derive/refusal';

function Back() {
  const t = useT();
  return (
    <Anchor component={Link} to={CONTRACT_WEB_PATHS.manage} size="sm">
      {t('contracts.backToList')}
    </Anchor>
  );
}

/** managecontract/new: a new contract. */
export function ContractCreateScreen() {
  const t = useT();
  const session = useSession();
  if (!session) return null;
  return (
    <Stack data-testid="screen-managecontract-new">
      <Back />
      <Title order={1}>{t('contracts.newTitle')}</Title>
      <ContractForm
        base={null}
        initial={emptyContractForm(new Date().getFullYear() + 1)}
        editable={session.readOnly !== true}
        onReload={() => {}}
      />
    </Stack>
  );
}

function isCreated(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'created' in state;
}

/** managecontract/{id}: one contract on the revision read. */
export function ContractEditScreen() {
  const t = useT();
  const session = useSession();
  const location = useLocation();
  const params = useParams();
  const parsed = IdParamSchema.safeParse(params.contractId ?? '');
  const contract = useContract(parsed.success ? parsed.data : 0, parsed.success);
  // A reload after a conflict starts the form afresh from the newest revision.
  const [generation, setGeneration] = useState(0);
  if (!session) return null;
  const base: ContractDetail | undefined = contract.data;
  return (
    <Stack data-testid="screen-managecontract-edit">
      <Back />
      <Title order={1}>{base ? base.contractId : t('contracts.editTitle')}</Title>
      {!parsed.success && <Alert color="red">{t('error.notFound')}</Alert>}
      {parsed.success && contract.isPending && (
        <Text role="status" data-testid="contract-loading">
          {t('contracts.loadingOne')}
        </Text>
      )}
      {contract.isError && !contract.data && (
        <Alert color="red" role="alert" data-testid="contract-error">
          {t('contracts.loadFailed', { reason: t(errorMessageKey(errorCodeOf(contract.error))) })}
        </Alert>
      )}
      {base && isCreated(location.state) && (
        <Alert color="teal" data-testid="contract-created">
          {t('contracts.created')}
        </Alert>
      )}
      {base && (
        <>
          <Text size="sm">{t('contracts.customerLine', { customer: base.customerName })}</Text>
          <ContractForm
            key={`${base.id}-${generation}`}
            base={base}
            initial={formOfContract(base)}
            editable={session.readOnly !== true}
            onReload={() => void contract.refetch().then(() => setGeneration((g) => g + 1))}
          />
        </>
      )}
    </Stack>
  );
}
