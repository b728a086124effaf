import { randomUUID } from 'node:crypto';
import type { SmsSent } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import {
  assertTotpNotThrottled,
  consumeTotpCode,
} from '../../kernel/one-time-codes/totp.repository';
import { writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { mayUseTotp } from '../purchase/click-totp';
import {
  newConfirmationCode,
  phoneOf,
  SMS_CODE_LIFETIME_MS,
  SMS_MAX_CODES_PER_QUOTE,
  textConfirmationCode,
} from '../purchase/click-sms';
import { codeHash, judgeSmsCode, wrongSmsCode } from '../../kernel/one-time-codes/sms-code';
import type { ClickContract } from '../purchase/click-contract.service';
import type { SmsGateway } from '../../kernel/one-time-codes/sms-gateway';
import { actorOf } from '../../kernel/audit/audit-log';

/*
 * The second factor of a standing order is given when it is placed (the click it makes later
 * cannot ask anyone). The click path's codes belong to a quote, which an order placed outside
 * the window does not have, so an order's codes belong to the user and customer instead; the
 * rules are the click's (its code digest, lifetime, attempts and SMS text), and a code from the
 * authenticator app replaces it where the customer allows that, as for a click.
 */

export interface SecondFactorDeps {
  db: Db;
  sms: SmsGateway;
  totpKey: Buffer | null;
  log: { error: (details: object, message: string) => void };
}

// A code is spent by one order; the counts are per hour so a phone cannot be flooded.
const CODES_PER_HOUR = SMS_MAX_CODES_PER_QUOTE;

/** Sends a 6-digit code that confirms the user's next order for the customer. */
export async function sendPlacingCode(
  deps: SecondFactorDeps,
  auth: AuthContext,
  customerId: number,
  at: Date,
  ip: string | null,
): Promise<SmsSent> {
  const { db } = deps;
  const phone = await phoneOf(db, auth.user.id);
  const sent = await db
    .selectFrom('standing_order_codes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', auth.user.id)
    .where('created_at', '>', new Date(at.getTime() - 3600_000))
    .executeTakeFirstOrThrow();
  if (Number(sent.count) >= CODES_PER_HOUR) throw new AppError('SMS_ATTEMPTS_EXCEEDED');
  const code = newConfirmationCode();
  const nonce = randomUUID();
  const expiresAt = new Date(at.getTime() + SMS_CODE_LIFETIME_MS);
  await db
    .insertInto('standing_order_codes')
    .values({
      user_id: auth.user.id,
      customer_id: customerId,
      nonce,
      code_hash: codeHash(nonce, code).toString('hex'),
      created_at: at,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  const sentTo = await textConfirmationCode(deps, phone, code, expiresAt);
  await writeAudit(db, {
    ...actorOf(auth),
    at,
    action: 'standingOrder.sms.send',
    outcome: 'success',
    subject: `customer:${customerId}`,
    customerIds: [customerId],
    details: { to: sentTo.sentTo },
    ip,
  });
  return sentTo;
}

/**
 * Checks the code given with an order where the customer requires one, in the placing
 * transaction: a wrong code is counted in a transaction of its own so the count survives the
 * refusal. Answers how the factor was given ('sms', 'totp') or null when none is required.
 */
export async function verifyPlacingFactor(
  deps: SecondFactorDeps,
  input: {
    auth: AuthContext;
    contract: Pick<ClickContract, 'requireSms' | 'allowTotp' | 'customerId'>;
    smsCode: string | undefined;
    totpCode: string | undefined;
    at: Date;
    ip: string | null;
  },
): Promise<'sms' | 'totp' | null> {
  const { db } = deps;
  const { auth, contract, at, ip } = input;
  if (!contract.requireSms) return null;
  if (input.totpCode !== undefined) {
    if (!(await mayUseTotp(db, contract, auth.user.id))) {
      throw new AppError('SECOND_FACTOR_UNAVAILABLE');
    }
    await assertTotpNotThrottled(db, auth.user.id, at);
    const check = await db.transaction().execute((trx) =>
      consumeTotpCode(trx, {
        userId: auth.user.id,
        code: input.totpCode as string,
        at,
        key: deps.totpKey,
        state: 'on',
      }),
    );
    if (check === 'accepted') return 'totp';
    await writeAudit(db, {
      ...actorOf(auth),
      at,
      action: 'standingOrder.totp.verify',
      outcome: 'failure',
      subject: `customer:${contract.customerId}`,
      customerIds: [contract.customerId],
      ip,
    });
    throw new AppError(
      check === 'unavailable' ? 'SECOND_FACTOR_UNAVAILABLE' : 'SECOND_FACTOR_INVALID',
    );
  }
  const refusal = await db.transaction().execute(async (trx) => {
    const latest = await trx
      .selectFrom('standing_order_codes')
      .selectAll()
      .where('user_id', '=', auth.user.id)
      .where('customer_id', '=', contract.customerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!latest || latest.used_at !== null || input.smsCode === undefined) {
      return new AppError('SMS_REQUIRED');
    }
    const judged = judgeSmsCode(latest, latest.nonce, input.smsCode, at);
    if (judged.verdict === 'refused') return judged.error;
    if (judged.verdict === 'match') {
      // Spent: one code confirms one order.
      await trx
        .updateTable('standing_order_codes')
        .set({ used_at: at })
        .where('id', '=', latest.id)
        .execute();
      return null;
    }
    const { attempts } = judged;
    await trx
      .updateTable('standing_order_codes')
      .set({ attempts })
      .where('id', '=', latest.id)
      .execute();
    await writeAudit(trx, {
      ...actorOf(auth),
      at,
      action: 'standingOrder.sms.verify',
      outcome: 'failure',
      subject: `customer:${contract.customerId}`,
      customerIds: [contract.customerId],
      details: { attempts },
      ip,
    });
    return wrongSmsCode(attempts);
  });
  if (refusal) throw refusal;
  return 'sms';
}
