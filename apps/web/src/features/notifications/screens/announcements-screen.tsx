import { Paper, Stack, Text, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import type { Announcement, PublishAnnouncementBody } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { useAnnouncements, usePublishAnnouncement } from '../api/announcements-api';
import { AnnouncementForm } from '../components/announcement-form';
import { LoadFailed, Loading } from '../../../shared/ui/load-states';

function Published({ announcement }: { announcement: Announcement }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Paper withBorder p="sm" component="article" data-testid={`announcement-${announcement.id}`}>
      <Text fw={600}>{locale === 'en' ? announcement.titleEn : announcement.titleNl}</Text>
      <Text size="sm">
        {announcement.audience === 'all'
          ? t('announcements.toAll')
          : t('announcements.toCustomers', {
              customers: announcement.customers.map((customer) => customer.name).join(', '),
            })}
        {' · '}
        {t('announcements.recipients', { count: announcement.recipients })}
      </Text>
      {announcement.attachments.length > 0 && (
        <Text size="sm">
          {t('announcements.files', {
            files: announcement.attachments.map((file) => file.filename).join(', '),
          })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {formatDateTime(announcement.publishedAt, locale)}
        {announcement.publishedBy ? ` · ${announcement.publishedBy}` : ''}
      </Text>
    </Paper>
  );
}

/** Announcements (admin area): publish a message to every user or chosen customers' users. */
export function AnnouncementsScreen() {
  const t = useT();
  const list = useAnnouncements();
  const publish = usePublishAnnouncement();

  async function onPublish(body: PublishAnnouncementBody): Promise<boolean> {
    try {
      const announcement = await publish.mutateAsync(body);
      toasts.show({
        color: 'green',
        message: t('announcements.published', { count: announcement.recipients }),
      });
      return true;
    } catch {
      return false;
    }
  }

  let published;
  if (list.isPending) {
    published = <Loading text={t('announcements.loading')} />;
  } else if (list.isError) {
    published = (
      <LoadFailed text={t('announcements.loadFailed')} onRetry={() => void list.refetch()} />
    );
  } else if (list.data.data.length === 0) {
    published = <Text data-testid="announcements-empty">{t('announcements.empty')}</Text>;
  } else {
    published = (
      <Stack gap="xs">
        {list.data.data.map((announcement) => (
          <Published key={announcement.id} announcement={announcement} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{t('announcements.title')}</Title>
      <section aria-labelledby="announcement-new">
        <Title order={2} size="h3" id="announcement-new" mb="sm">
          {t('announcements.new')}
        </Title>
        <AnnouncementForm busy={publish.isPending} failed={publish.isError} onPublish={onPublish} />
      </section>
      <section aria-labelledby="announcement-list">
        <Title order={2} size="h3" id="announcement-list" mb="sm">
          {t('announcements.list')}
        </Title>
        {published}
      </section>
    </Stack>
  );
}
