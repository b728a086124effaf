import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  ANNOUNCEMENT_ATTACHMENT_MAX_BYTES,
  type Locale,
  type PublishAnnouncementBody,
} from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useT } from '../../../shared/i18n/use-t';
import { fileToBase64, useCustomerMatches } from '../api/announcements-api';

type TextField = 'titleNl' | 'titleEn' | 'bodyNl' | 'bodyEn';
const TEXT_FIELDS: readonly TextField[] = ['titleNl', 'titleEn', 'bodyNl', 'bodyEn'];
const FILE_LABEL: Record<Locale, MessageKey> = {
  nl: 'announcements.attachmentNl',
  en: 'announcements.attachmentEn',
};

export interface AnnouncementFormProps {
  busy: boolean;
  failed: boolean;
  onPublish: (body: PublishAnnouncementBody) => Promise<boolean>;
}

/** An announcement in both languages, to everyone or chosen customers, a file per language. */
export function AnnouncementForm({ busy, failed, onPublish }: AnnouncementFormProps) {
  const t = useT();
  const empty = { titleNl: '', titleEn: '', bodyNl: '', bodyEn: '' };
  const [texts, setTexts] = useState<Record<TextField, string>>(empty);
  const [audience, setAudience] = useState<'all' | 'customers'>('all');
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const [search, setSearch] = useState('');
  const [files, setFiles] = useState<Partial<Record<Locale, File>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const matches = useCustomerMatches(search);

  const tooLarge = Object.values(files).some(
    (file) => file.size > ANNOUNCEMENT_ATTACHMENT_MAX_BYTES,
  );
  const missing = (field: TextField) => submitted && texts[field].trim() === '';
  const noCustomer = submitted && audience === 'customers' && chosen.size === 0;

  function toggle(customer: { id: number; name: string }, on: boolean) {
    const next = new Map(chosen);
    if (on) next.set(customer.id, customer.name);
    else next.delete(customer.id);
    setChosen(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const incomplete = TEXT_FIELDS.some((field) => texts[field].trim() === '');
    if (incomplete || tooLarge || (audience === 'customers' && chosen.size === 0)) return;
    const attachments = await Promise.all(
      (Object.entries(files) as [Locale, File][]).map(async ([locale, file]) => ({
        locale,
        filename: file.name,
        contentType: file.type || 'application/octet-stream',
        content: await fileToBase64(file),
      })),
    );
    const published = await onPublish({
      ...texts,
      audience,
      customerIds: audience === 'customers' ? [...chosen.keys()] : [],
      attachments,
    });
    if (published) {
      setTexts(empty);
      setChosen(new Map());
      setFiles({});
      setSubmitted(false);
      setFormKey((key) => key + 1);
    }
  }

  const choices = new Map(chosen);
  for (const customer of matches.data ?? []) choices.set(customer.id, customer.name);

  return (
    <form
      key={formKey}
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="announcement-form"
    >
      <Stack gap="sm">
        {TEXT_FIELDS.map((field) => {
          const Input = field.startsWith('body') ? Textarea : TextInput;
          return (
            <Input
              key={field}
              label={t(`announcements.${field}`)}
              required
              value={texts[field]}
              onChange={(event) => setTexts({ ...texts, [field]: event.currentTarget.value })}
              error={missing(field) ? t('announcements.required') : undefined}
              data-testid={`announcement-${field}`}
              {...(field.startsWith('body') ? { rows: 4 } : {})}
            />
          );
        })}
        <Radio.Group
          label={t('announcements.audience')}
          value={audience}
          onChange={(value) => setAudience(value === 'customers' ? 'customers' : 'all')}
        >
          <Stack gap={4} mt={4}>
            <Radio value="all" label={t('announcements.audience.all')} data-testid="audience-all" />
            <Radio
              value="customers"
              label={t('announcements.audience.customers')}
              data-testid="audience-customers"
            />
          </Stack>
        </Radio.Group>
        {audience === 'customers' && (
          <Fieldset legend={t('announcements.customers')}>
            <Stack gap={4}>
              <TextInput
                type="search"
                label={t('announcements.searchCustomer')}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                data-testid="announcement-customer-search"
              />
              {[...choices].map(([id, name]) => (
                <Checkbox
                  key={id}
                  label={name}
                  checked={chosen.has(id)}
                  onChange={(event) => toggle({ id, name }, event.currentTarget.checked)}
                />
              ))}
              {noCustomer && (
                <Text c="red.8" size="sm" role="alert">
                  {t('announcements.chooseCustomer')}
                </Text>
              )}
            </Stack>
          </Fieldset>
        )}
        {(['nl', 'en'] as const).map((locale) => (
          <label key={locale} className="klik-file-field">
            <Text size="sm" fw={500} component="span" display="block">
              {t(FILE_LABEL[locale])}
            </Text>
            <input
              type="file"
              data-testid={`announcement-file-${locale}`}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                setFiles((current) => {
                  const next = { ...current };
                  if (file) next[locale] = file;
                  else delete next[locale];
                  return next;
                });
              }}
            />
          </label>
        ))}
        {tooLarge && (
          <Text c="red.8" size="sm" role="alert">
            {t('announcements.tooLarge')}
          </Text>
        )}
        {failed && (
          <Alert color="red" role="alert">
            {t('announcements.failed')}
          </Alert>
        )}
        <div>
          <Button type="submit" loading={busy} data-testid="announcement-publish">
            {t('announcements.publish')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
