import type { ContractData, Status } from '@klik/api';

// The server checks DC_34 (user may not click) before DC_35 (paused), so a position that says
// DC_34 keeps saying it; every other position answers DC_35 while clicking is paused.
function pausedStatus(status: Status): Status {
  if (status.disableClickReason === 'DC_34') return status;
  if (!status.clickable && status.disableClickReason === 'DC_35') return status;
  return { ...status, clickable: false, disableClickReason: 'DC_35' };
}

/**
 * The positions as the server answers them while clicking is paused: nothing clickable, DC_35.
 * Used the moment the pause is announced, so no stale click link stays on screen.
 */
export function markPaused(contract: ContractData): ContractData {
  const { yearStatuses, quarterStatuses, monthStatuses } = contract.statusPerContract;
  return {
    ...contract,
    statusPerContract: {
      yearStatuses: yearStatuses.map(pausedStatus),
      quarterStatuses: quarterStatuses.map(pausedStatus),
      monthStatuses: monthStatuses.map(pausedStatus),
    },
  };
}
