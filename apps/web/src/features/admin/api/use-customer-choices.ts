import { useSession } from '../../../shared/session/use-session';

export interface CustomerChoice {
  id: number;
  name: string;
}

/**
 * The customers this user works for, to filter on and to give to a user: an account manager's
 * portfolio, a user manager's own customers. An admin's session carries no customers (decision
 * 007), so an admin is offered only the customers already on the user at hand until the customer
 * list of the administration API is there.
 */
export function useCustomerChoices(): CustomerChoice[] {
  const session = useSession();
  return (session?.allowedCustomers ?? []).map(({ id, name }) => ({ id, name }));
}
