import { useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, CustomerListSchema } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { useSession } from '../../../shared/session/use-session';

export interface CustomerChoice {
  id: number;
  name: string;
}

/** The most customers an admin's choice lists (the server's largest page). */
const ADMIN_CHOICES_QUERY = new URLSearchParams({ active: 'true', sort: 'name', size: '100' });

/**
 * The customers this user works for, to filter on and to give to a user: an account manager's
 * portfolio and a user manager's own customers come with the session; an admin's session carries
 * none (decision 007), so an admin gets the active customers from the customers list.
 */
export function useCustomerChoices(): CustomerChoice[] {
  const session = useSession();
  const api = useApiClient();
  const admin = session?.role === 'admin';
  const customers = useQuery({
    queryKey: ['admin', 'customers', 'choices'],
    queryFn: () =>
      api.call(
        'GET',
        `${ADMIN_PATHS.customers}?${ADMIN_CHOICES_QUERY.toString()}`,
        CustomerListSchema,
      ),
    enabled: admin,
    staleTime: 60_000,
  });
  if (admin) return (customers.data?.data ?? []).map(({ id, name }) => ({ id, name }));
  return (session?.allowedCustomers ?? []).map(({ id, name }) => ({ id, name }));
}
