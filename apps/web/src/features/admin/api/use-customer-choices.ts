import type { CustomerChoice } from '../../../shared/api/use-customer-search';
import { useSession } from '../../../shared/session/use-session';

export type { CustomerChoice };

/**
 * The customers this user may give to a user or filter on, when their session holds them: an
 * account manager's portfolio, a user manager's own customers. An admin's session carries none
 * (decision 007) and a supplier has thousands, so for an admin this is null: they find a customer
 * with a search on the server (`FindCustomerField`).
 */
export function useCustomerChoices(): readonly CustomerChoice[] | null {
  const session = useSession();
  if (session?.role === 'admin') return null;
  return (session?.allowedCustomers ?? []).map(({ id, name }) => ({ id, name }));
}
