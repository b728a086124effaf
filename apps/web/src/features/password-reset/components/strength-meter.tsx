import { Progress, Text } from '@mantine/core';
import { passwordStrength, type PasswordStrength } from '@klik/domain';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useT } from '../../../shared/i18n/use-t';

const LEVELS: Record<PasswordStrength, { key: MessageKey; color: string }> = {
  0: { key: 'resetPassword.strength.0', color: 'red' },
  1: { key: 'resetPassword.strength.1', color: 'orange' },
  2: { key: 'resetPassword.strength.2', color: 'yellow' },
  3: { key: 'resetPassword.strength.3', color: 'teal' },
  4: { key: 'resetPassword.strength.4', color: 'green' },
};

/** How strong the password being typed looks; only a guide, the server decides. */
export function StrengthMeter({ password, id }: { password: string; id: string }) {
  const t = useT();
  const strength = passwordStrength(password);
  const level = LEVELS[strength];
  const label = t('resetPassword.strength', { strength: t(level.key) });
  return (
    <div data-testid="strength-meter" data-strength={strength}>
      <Progress
        value={password === '' ? 0 : (strength + 1) * 20}
        color={level.color}
        size="sm"
        aria-label={label}
      />
      <Text id={id} size="xs" c="dimmed" aria-live="polite">
        {password === '' ? '\u00a0' : label}
      </Text>
    </div>
  );
}
