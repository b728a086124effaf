import {
  ADMIN_PATHS,
  AdminUserSchema,
  type CreateConsultantBody,
  type UpdateConsultantBody,
  pathTo,
} from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { useUserMutation } from './users-api';

/** A consultant is a user: the users' cache learns of every change. */
export function useCreateConsultant() {
  const api = useApiClient();
  return useUserMutation((body: CreateConsultantBody) =>
    api.call('POST', ADMIN_PATHS.consultants, AdminUserSchema, body),
  );
}

export function useUpdateConsultant(userId: number) {
  const api = useApiClient();
  return useUserMutation((body: UpdateConsultantBody) =>
    api.call('PUT', pathTo(ADMIN_PATHS.consultant, { userId }), AdminUserSchema, body),
  );
}
