import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_PATHS,
  AdminUserSchema,
  UserListSchema,
  type AdminUser,
  type CreateAccountManagerBody,
  type CreateUserBody,
  type CreateViewOnlyUserBody,
  type UpdateUserBody,
  pathTo,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';

export const usersQueryKeys = {
  all: ['admin', 'users'] as const,
  list: (query: string) => ['admin', 'users', 'list', query] as const,
  one: (userId: number) => ['admin', 'users', 'one', userId] as const,
};

/**
 * One page of users. `query` is the list's query string as the address bar holds it (already
 * checked field by field against UserListQuerySchema), so the server filters, sorts and pages.
 */
export function useUserList(query: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: usersQueryKeys.list(query),
    queryFn: () =>
      api.call('GET', `${ADMIN_PATHS.users}${query === '' ? '' : `?${query}`}`, UserListSchema),
    // The page stays readable while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useUser(userId: number, enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: usersQueryKeys.one(userId),
    enabled,
    queryFn: () => api.call('GET', pathTo(ADMIN_PATHS.user, { userId }), AdminUserSchema),
    // A stale version must be reloaded on purpose, never swapped under a form being edited.
    refetchOnWindowFocus: false,
  });
}

export function useUserMutation<Input>(send: (input: Input) => Promise<AdminUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (user) => {
      queryClient.setQueryData(usersQueryKeys.one(user.id), user);
      void queryClient.invalidateQueries({ queryKey: usersQueryKeys.all, exact: false });
    },
  });
}

export function useUpdateUser(userId: number) {
  const api = useApiClient();
  return useUserMutation((body: UpdateUserBody) =>
    api.call('PUT', pathTo(ADMIN_PATHS.user, { userId }), AdminUserSchema, body),
  );
}

export function useSetUserActive(userId: number) {
  const api = useApiClient();
  return useUserMutation((body: { version: number; active: boolean }) =>
    api.call('PUT', pathTo(ADMIN_PATHS.userActive, { userId }), AdminUserSchema, body),
  );
}

export function useCreateUser() {
  const api = useApiClient();
  return useUserMutation((body: CreateUserBody) =>
    api.call('POST', ADMIN_PATHS.users, AdminUserSchema, body),
  );
}

export function useCreateViewOnlyUser() {
  const api = useApiClient();
  return useUserMutation((body: CreateViewOnlyUserBody) =>
    api.call('POST', ADMIN_PATHS.viewOnlyUsers, AdminUserSchema, body),
  );
}

export function useCreateAccountManager() {
  const api = useApiClient();
  return useUserMutation((body: CreateAccountManagerBody) =>
    api.call('POST', ADMIN_PATHS.accountManagers, AdminUserSchema, body),
  );
}

/** A new invitation e-mail with a link to choose a password; earlier links stop working. */
export function useResendInvitation(userId: number) {
  const api = useApiClient();
  return useUserMutation(() =>
    api.call('POST', pathTo(ADMIN_PATHS.userInvitation, { userId }), AdminUserSchema),
  );
}

/** A new initial password, which the user must change at their next sign-in. */
export function useResetPassword(userId: number) {
  const api = useApiClient();
  return useUserMutation((body: { version: number; initialPassword: string }) =>
    api.call('PUT', pathTo(ADMIN_PATHS.userPassword, { userId }), AdminUserSchema, body),
  );
}
