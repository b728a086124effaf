import { expect, type PlaywrightWorkerArgs } from '@playwright/test';
import { MAIL_PATHS } from '@klik/api';

/**
 * The newest link to a path (e.g. /resetpassword) in the e-mails the development outbox holds
 * for an address (MAIL_DEV_OUTBOX), waiting until the e-mail has been "sent".
 */
export async function linkMailedTo(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  email: string,
  path: string,
): Promise<string> {
  const outbox = await playwright.request.newContext({ baseURL });
  const pattern = new RegExp(`${path}\\?token=[\\w-]+`);
  let link = '';
  try {
    await expect
      .poll(async () => {
        const answer = await outbox.get(`${MAIL_PATHS.devOutbox}?to=${encodeURIComponent(email)}`);
        const mails = (await answer.json()) as { text: string }[];
        link = pattern.exec(mails.at(-1)?.text ?? '')?.[0] ?? '';
        return link;
      })
      .not.toBe('');
  } finally {
    await outbox.dispose();
  }
  return link;
}
