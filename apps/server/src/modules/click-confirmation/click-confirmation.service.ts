import type { Locale } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { writeConfirmationPdf } from './click-confirmation-pdf';
import { CONFIRMATION_TEXTS } from './click-confirmation-text';
import { findConfirmationFacts } from './click-confirmation.repository';
import { clickDetail } from '../clicks/clicks.service';
import { assertMaySee } from '../../kernel/access/customer-access';

export interface ClickConfirmationFile {
  filename: string;
  contentType: 'application/pdf';
  bytes: Uint8Array;
}

export interface ConfirmationOptions {
  /** The portal's title (KLIK_TITLE) at the head of the document. */
  title?: string;
  /** Only a click of this customer is found. */
  customerId?: number;
}

/**
 * The PDF confirmation of a completed click in nl or en, from the stored click, its quote and
 * its audit trail (never from current prices). NOT_FOUND for a click that does not exist (or is
 * not the given customer's); CLICK_NOT_COMPLETED (409, details.status) while it is not
 * completed. It checks no access: callers decide who may read it (the notification backend,
 * e-mail delivery, the click history's route).
 */
export async function renderClickConfirmation(
  db: Db,
  clickId: number,
  locale: Locale,
  options: ConfirmationOptions = {},
): Promise<ClickConfirmationFile> {
  const lookup = await findConfirmationFacts(db, clickId, clickDetail, options.customerId);
  if (!lookup.found) throw new AppError('NOT_FOUND');
  if (!lookup.facts) {
    throw new AppError('CLICK_NOT_COMPLETED', { details: { status: lookup.status } });
  }
  return {
    filename: CONFIRMATION_TEXTS[locale].filename(clickId),
    contentType: 'application/pdf',
    bytes: await writeConfirmationPdf(lookup.facts, locale, options.title ?? 'Klik'),
  };
}

/** The confirmation for someone who may see the customer's click history. */
export async function confirmationForReader(
  db: Db,
  auth: AuthContext,
  request: { customerId: number; clickId: number; locale: Locale; title: string },
): Promise<ClickConfirmationFile> {
  await assertMaySee(db, auth, request.customerId);
  return renderClickConfirmation(db, request.clickId, request.locale, {
    title: request.title,
    customerId: request.customerId,
  });
}
