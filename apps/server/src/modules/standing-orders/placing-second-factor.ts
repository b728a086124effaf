import { randomUUID } from 'node:crypto';
import type { SmsSent } from '@klik/api';
import { AppError } from '../../kernel/http/app-error';
import {
  assertTotpNotThrottled,
  consumeTotpCode,
} from '../../kernel/one-time-codes/totp.repository';
import { writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { mayUseTotp } from '../purchase/click-totp';
import { checkSmsCode, sendSmsCode, type SmsCodeDeps } from '../../kernel/one-time-codes/sms-code';
import type { ClickContract } from '../purchase/click-contract.service';
import { actorOf } from '../../kernel/audit/audit-log';
import { placingCodes } from './standing-orders.repository';

/*
 * The second factor of a standing order is given when it is placed (the click it makes later
 * cannot ask anyone). The click path's codes belong to a quote, which an order placed outside
 * the window does not have, so an order's codes belong to the user and customer instead; the
 * rules are the click's (its code digest, lifetime, attempts and SMS text: the kernel's
 * sendSmsCode and checkSmsCode), and a code from the authenticator app replaces it where the
 * customer allows that, as for a click.
 */

export interface SecondFactorDeps extends SmsCodeDeps {
  totpKey: Buffer | null;
}

/** Sends a 6-digit code that confirms the user's next order for the customer. */
export async function sendPlacingCode(
  deps: SecondFactorDeps,
  auth: AuthContext,
  customerId: number,
  at: Date,
  ip: string | null,
): Promise<SmsSent> {
  return sendSmsCode(deps, auth, {
    table: placingCodes(auth.user.id, customerId),
    salt: randomUUID(),
    at,
    audit: {
      action: 'standingOrder.sms.send',
      subject: `customer:${customerId}`,
      customerIds: [customerId],
    },
    ip,
  });
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
  // Spent once it confirms an order: one code confirms one order.
  await checkSmsCode(db, auth, {
    table: placingCodes(auth.user.id, contract.customerId),
    code: input.smsCode,
    reused: false,
    at,
    audit: {
      action: 'standingOrder.sms.verify',
      subject: `customer:${contract.customerId}`,
      customerIds: [contract.customerId],
    },
    ip,
  });
  return 'sms';
}
