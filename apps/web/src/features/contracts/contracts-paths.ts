/** managecontract's web addresses (the spec's route name, with new and one contract under it). */
export const CONTRACT_WEB_PATHS = {
  manage: '/managecontract',
  create: '/managecontract/new',
  edit: (id: number) => `/managecontract/${id}`,
} as const;
