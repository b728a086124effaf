import { Badge } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';

/** Whether a user account may sign in, as every admin list and edit screen shows it. */
export function UserActiveBadge({ active, testId }: { active: boolean; testId?: string }) {
  const t = useT();
  return (
    <Badge color={active ? 'teal.8' : 'gray.7'} variant="filled" data-testid={testId}>
      {t(active ? 'admin.users.active' : 'admin.users.inactive')}
    </Badge>
  );
}
