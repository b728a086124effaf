import type { QueryClient } from '@tanstack/react-query';
import {
  ClickSchema,
  ContractDataSchema,
  type Click,
  type ClickDetail,
  type ContractData,
} from '@klik/api';
import { flagPendingAfterPurchase, type Period } from '@klik/domain';
import { localJsonStorage, sessionJsonStorage } from '../../shared/storage/browser-storage';
import { STORAGE_KEYS } from '../../shared/storage/storage-keys';
import type { StoredSession } from '../../shared/session/session-store';

// The positions screen keeps its contract lists under this query key prefix; flagging them here
// shows DC_31 at once when the user goes back, until the contract is loaded again.
const CONTRACT_LISTS_QUERY_KEY = ['positions', 'contracts'] as const;
const TPI_QUERY_KEY = ['tpi'] as const;

type StatusLists = ContractData['statusPerContract'];

function flagStatuses(lists: StatusLists, clicked: Period): StatusLists {
  return {
    yearStatuses: flagPendingAfterPurchase(lists.yearStatuses, clicked),
    quarterStatuses: flagPendingAfterPurchase(lists.quarterStatuses, clicked),
    monthStatuses: flagPendingAfterPurchase(lists.monthStatuses, clicked),
  };
}

const StoredPositionSchema = ContractDataSchema.omit({ clicks: true });
const StoredClicksSchema = ClickSchema.array();

/**
 * After a confirmed click (spec section 4): the click is stored with inProgress=true and its date
 * under clicks_{contractId}, every stored position overlapping it shows DC_31 until the contract
 * is loaded again, and TPI data is reloaded for users who have it.
 */
export function recordPurchase(
  click: ClickDetail,
  session: Pick<StoredSession, 'allowTPIPage' | 'allowedCustomers'>,
  queryClient: QueryClient,
): void {
  const period: Period = { maturity: click.maturity, yearOfSupply: click.yearOfSupply };
  const stored: Click = {
    contractId: click.contractId,
    maturity: click.maturity,
    yearOfSupply: click.yearOfSupply,
    inProgress: true,
    date: click.createdAt,
  };
  const clicksKey = STORAGE_KEYS.clicks(click.contractId);
  const earlier = StoredClicksSchema.safeParse(sessionJsonStorage.read(clicksKey));
  sessionJsonStorage.write(clicksKey, [...(earlier.success ? earlier.data : []), stored]);

  const positionKey = STORAGE_KEYS.position(click.contractId);
  const position = StoredPositionSchema.safeParse(localJsonStorage.read(positionKey));
  if (position.success) {
    localJsonStorage.write(positionKey, {
      ...position.data,
      statusPerContract: flagStatuses(position.data.statusPerContract, period),
    });
  }

  queryClient.setQueriesData<ContractData[]>({ queryKey: CONTRACT_LISTS_QUERY_KEY }, (list) =>
    list?.map((contract) =>
      contract.contractId === click.contractId
        ? {
            ...contract,
            clicks: [...contract.clicks, stored],
            statusPerContract: flagStatuses(contract.statusPerContract, period),
          }
        : contract,
    ),
  );

  if (session.allowTPIPage && session.allowedCustomers.length > 0) {
    void queryClient.invalidateQueries({ queryKey: TPI_QUERY_KEY });
  }
}
