import { notifications as toasts } from '@mantine/notifications';
import { failureMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';

/** What an action did, or why it failed in the server's own words, as a closable message. */
export function useToasts() {
  const t = useT();
  const show = (color: 'green' | 'red', message: string) =>
    toasts.show({ closeButtonProps: { 'aria-label': t('app.close') }, color, message });
  return {
    done: (message: string) => show('green', message),
    failed: (error: unknown) =>
      show('red', t('integrations.actionFailed', { reason: t(failureMessageKey(error)) })),
  };
}
