import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coreImports, usedMantineStyles } from './mantine-styles';

const coreDir = dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));

describe('the part of Mantine’s stylesheet the build keeps', () => {
  it('reads the value imports of @mantine/core, not the type imports', () => {
    const source = [
      "import { Button, type ButtonProps, Select as Choice } from '@mantine/core';",
      "import type { ModalProps } from '@mantine/core';",
      "import { Tree } from '@mantine/other';",
    ].join('\n');
    expect(coreImports(source)).toEqual(['Button', 'Select']);
  });

  it('keeps a component’s styles with those of the components it is built of, in the whole sheet’s order', () => {
    const used = usedMantineStyles({
      coreDir,
      sources: ["import { Button, Select } from '@mantine/core';"],
    });
    for (const name of ['Button', 'UnstyledButton', 'Loader', 'Combobox', 'Input', 'Popover']) {
      expect(used.components).toContain(name);
    }
    for (const name of ['Accordion', 'Tree', 'Stepper', 'Table']) {
      expect(used.components).not.toContain(name);
    }
    // A component comes after the ones it builds on, so its own rules win where they meet.
    const at = (name: string) => used.components.indexOf(name);
    expect(at('UnstyledButton')).toBeLessThan(at('Button'));
    expect(at('Input')).toBeLessThan(at('Combobox'));
    // The global part leads: the reset and the theme's variables.
    const whole = readFileSync(join(coreDir, 'styles.css'), 'utf8');
    const baseline = readFileSync(join(coreDir, 'styles', 'baseline.css'), 'utf8').trim();
    expect(used.css.startsWith(baseline)).toBe(true);
    expect(used.css.length).toBeLessThan(whole.length / 3);
  });

  it('keeps every component the portal’s source and its toasts use, and leaves the rest out', () => {
    const src = join(import.meta.dirname, '..', 'src');
    const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
      .map((file) => readFileSync(join(src, file), 'utf8'));
    const used = usedMantineStyles({ coreDir, sources, packages: ['notifications', 'charts'] });
    // What the sign-in page and the shell show, and the toasts' Notification.
    for (const name of [
      'Input',
      'PasswordInput',
      'Button',
      'AppShell',
      'Notification',
      'Tooltip',
    ]) {
      expect(used.components).toContain(name);
    }
    expect(used.components).not.toContain('Tree');
    expect(used.components).not.toContain('ColorPicker');
  });
});
