import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Loader, Paper, Text, TextInput } from '@mantine/core';

/** How long typing must pause before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ComboOption {
  /** Unique among the options. */
  key: string;
  label: ReactNode;
  /** A second line, e.g. the kind or the id. */
  hint?: ReactNode;
}

export interface ComboGroup {
  key: string;
  label: string;
  options: readonly ComboOption[];
}

/** What the list says instead of options: still asking, nothing found, or failed. */
export type ComboStatus = { kind: 'idle' | 'ready' } | { kind: 'message'; text: string };

/**
 * A text field that offers what the server found as a list below it (the WAI-ARIA combobox
 * pattern): arrow keys move through the options, Enter picks one, Escape closes the list; the
 * focus stays in the field, so typing goes on while the list changes.
 */
export function SearchCombobox({
  label,
  description,
  placeholder,
  text,
  onTextChange,
  groups,
  status,
  loading,
  onPick,
  testId,
}: {
  label: string;
  description?: string;
  placeholder?: string;
  text: string;
  onTextChange: (text: string) => void;
  groups: readonly ComboGroup[];
  status: ComboStatus;
  loading: boolean;
  onPick: (key: string) => void;
  testId: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  const options = groups.flatMap((group) => group.options);
  const optionId = (key: string) => `${id}-option-${options.findIndex((o) => o.key === key)}`;
  const shown = open && text.trim() !== '' && (options.length > 0 || status.kind === 'message');
  const activeKey = options.some((option) => option.key === active) ? active : null;

  function move(step: number) {
    if (options.length === 0) return;
    setOpen(true);
    const at = options.findIndex((option) => option.key === activeKey);
    const next = at < 0 ? (step > 0 ? 0 : options.length - 1) : at + step;
    setActive(options[(next + options.length) % options.length]?.key ?? null);
  }

  function pick(key: string) {
    setOpen(false);
    setActive(null);
    onPick(key);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter':
        // Without a chosen option Enter does nothing: a search box has nothing to submit.
        event.preventDefault();
        if (shown && activeKey !== null) pick(activeKey);
        break;
      case 'Escape':
        if (shown) {
          event.preventDefault();
          setOpen(false);
          setActive(null);
        }
        break;
    }
  }

  return (
    <Box pos="relative" data-testid={testId}>
      <TextInput
        type="text"
        label={label}
        description={description}
        placeholder={placeholder}
        value={text}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && activeKey !== null ? optionId(activeKey) : undefined}
        autoComplete="off"
        rightSection={loading ? <Loader size="xs" aria-hidden="true" /> : null}
        onChange={(event) => {
          onTextChange(event.currentTarget.value);
          setOpen(true);
          setActive(null);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        data-testid={`${testId}-input`}
      />
      <Paper
        withBorder
        shadow="md"
        mt={4}
        p={4}
        pos="absolute"
        left={0}
        right={0}
        style={{
          zIndex: 20,
          maxHeight: 360,
          overflowY: 'auto',
          display: shown ? undefined : 'none',
        }}
      >
        <div role="listbox" id={listId} aria-label={label} data-testid={`${testId}-list`}>
          {groups
            .filter((group) => group.options.length > 0)
            .map((group) => (
              <div role="group" aria-label={group.label} key={group.key}>
                <Text size="xs" fw={700} c="dimmed" px="xs" pt={4} aria-hidden="true">
                  {group.label}
                </Text>
                {group.options.map((option) => (
                  <Box
                    key={option.key}
                    id={optionId(option.key)}
                    role="option"
                    aria-selected={option.key === activeKey}
                    px="xs"
                    py={4}
                    bg={option.key === activeKey ? 'blue.1' : undefined}
                    style={{ cursor: 'pointer', borderRadius: 4 }}
                    // The field keeps the focus, so a pick by mouse does not close the list first.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseEnter={() => setActive(option.key)}
                    onClick={() => pick(option.key)}
                    data-testid={`${testId}-option-${option.key}`}
                  >
                    <Text size="sm">{option.label}</Text>
                    {option.hint && (
                      <Text size="xs" c="dimmed">
                        {option.hint}
                      </Text>
                    )}
                  </Box>
                ))}
              </div>
            ))}
        </div>
        <Text size="sm" px="xs" role="status" data-testid={`${testId}-message`}>
          {status.kind === 'message' ? status.text : ''}
        </Text>
      </Paper>
    </Box>
  );
}
