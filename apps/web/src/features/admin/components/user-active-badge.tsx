import { useT } from '../../../shared/i18n/use-t';
import { StatusBadge } from '../../../shared/ui/status-badge';

/** Whether a user account may sign in, as every admin list and edit screen shows it. */
export function UserActiveBadge({ active, testId }: { active: boolean; testId?: string }) {
  const t = useT();
  return (
    <StatusBadge tone={active ? 'success' : 'neutral'} testId={testId}>
      {t(active ? 'admin.users.active' : 'admin.users.inactive')}
    </StatusBadge>
  );
}
