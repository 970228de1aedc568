/**
 * The operator commands (`npm run ops -- …`). They run inside the server when it is up
 * (through the ops socket, so the embedded single-process database is never opened twice) or
 * directly on the database when it is not. Output is lines of text; `token` prints the token
 * as its last line so scripts can take `tail -n 1`.
 */
import type { Kysely } from 'kysely';
import { DomainError } from '#domain/errors.ts';
import { addMonthsUtc, DAY_MS, HOUR_MS } from '#domain/plans/calendar.ts';
import { PLANS } from '#domain/plans/plan-catalogue.ts';
import { parsePlanId } from '#domain/plans/plan-id.ts';
import { SubscriptionStatus } from '#domain/plans/subscription-status.ts';
import { isReportFrequency, type ReportFrequency } from '#domain/reports/report-catalogue.ts';
import { emailProblem, normalizeEmail } from '../auth/email-address.ts';
import { identityByEmail, identityClaims, insertIdentity } from '../auth/identities.ts';
import type { TokenMinter } from '../auth/token-minter.ts';
import type { Billing } from '../billing/billing.ts';
import type { LifecycleReport } from '../billing/billing-lifecycle.ts';
import { clearPromotion, promotions, setPromotion } from '../billing/promotions.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { readSystemMessage, writeSystemMessage } from '../system-message.ts';
import { subscriptionAt, trialEndFor } from '../users/subscription.ts';
import { type UserRow, userByEmail, userForIdentity } from '../users/users.ts';
import type { WatchCheckReport } from '../watching/watch-job.ts';

export interface OpsContext {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  /** The issuer users are known under (embedded or external). */
  readonly issuer: string;
  /** Present with the embedded issuer only: it can mint tokens and create accounts. */
  readonly minter: TokenMinter | null;
  /** Billing and its lifecycle job (refunds, promotions, `billing run`). */
  readonly billing: BillingOps;
  /** A check of every watched scan (`watch run`); null when the server is not running (it needs the engine). */
  readonly checkWatchedScans?: (() => Promise<WatchCheckReport | null>) | null;
  /** Sends one frequency's reports now (`reports send`); null when the server is not running (it needs the market). */
  readonly sendReports?: ((frequency: ReportFrequency) => Promise<number>) | null;
}

export interface OpsResult {
  readonly ok: boolean;
  readonly lines: readonly string[];
}

export const OPS_USAGE = [
  'Usage: npm run ops -- <command>',
  '  token EMAIL                       create the user if needed; print a bearer token (last line)',
  '  plan EMAIL PLANID [STATUS]        set the plan (1, 12, 101, 112) and status (default 2 premium;',
  '                                    0 trial restarts 14 days, 1 trial ended, 3 cancelled, 4 ended)',
  '  refund EMAIL                      refund the latest charge if it is an annual renewal of the',
  '                                    last 7 days (spec: the only refundable charge); it ends the plan',
  '  promo PLANID PRICE [--coupon CODE] [--banner TEXT]  promote a plan: PRICE per month in dollars',
  '  promo PLANID --clear              end the promotion; `promo` alone lists them',
  '  billing run                       run the billing lifecycle now (renewals, reminders, notices)',
  '  watch run                         check every watched scan now and send its alerts (server running)',
  '  reports send FREQUENCY            send the reports of w_eod, d_eod or d_intraday now (server running)',
  '  message TEXT [--description TEXT] [--trailing]   set the system message',
  '  message --clear                   remove it; `message` alone shows it',
  '  clock [+15d | -2d | +36h | reset] move the business clock (not in production); alone: show it',
];

/** What the billing commands need: the service and a run of its lifecycle job. */
export interface BillingOps {
  readonly billing: Billing;
  runLifecycle(): Promise<LifecycleReport>;
}

class UsageError extends Error {}

const STATUS_NAMES: Readonly<Record<SubscriptionStatus, string>> = {
  0: 'trial',
  1: 'trial ended',
  2: 'premium',
  3: 'premium, cancelled',
  4: 'premium ended',
};

function validEmail(raw: string | undefined): string {
  const email = normalizeEmail(raw ?? '');
  if (emailProblem(email)?.kind === 'invalid') throw new UsageError(`Not an e-mail address: '${raw ?? ''}'`);
  return email;
}

/** The user of `email`, creating the embedded account and the user when needed. */
async function ensureUser(
  ctx: OpsContext,
  email: string,
): Promise<{ user: UserRow; claims: Record<string, unknown> }> {
  if (!ctx.minter) {
    const user = await userByEmail(ctx.db, ctx.issuer, email);
    if (!user)
      throw new UsageError(`No user with e-mail ${email} yet: they appear after their first sign-in.`);
    return { user, claims: {} };
  }
  const identity =
    (await identityByEmail(ctx.db, email)) ??
    (await insertIdentity(ctx.db, {
      email,
      passwordHash: null,
      givenName: email.split('@')[0] ?? '',
      familyName: '',
    })) ??
    (await identityByEmail(ctx.db, email));
  if (!identity) throw new Error(`could not create the account of ${email}`);
  const claims = identityClaims(identity);
  const user = await userForIdentity(
    ctx.db,
    {
      issuer: ctx.issuer,
      sub: identity.id,
      email: identity.email,
      givenName: identity.given_name,
      familyName: identity.family_name,
      name: String(claims.name),
      // The token about to be minted.
      issuedAtMs: Date.now(),
    },
    ctx.clock.now(),
  );
  return { user, claims };
}

function describe(user: UserRow, nowMs: number): string {
  const s = subscriptionAt(user, nowMs);
  const plan = s.planId === null ? 'no plan' : `${PLANS[s.planId].name} (${s.planId})`;
  return `${user.email}: ${plan}, ${STATUS_NAMES[s.status]} (${s.status}), ${s.goodUntilDays} days left`;
}

async function token(ctx: OpsContext, args: string[]): Promise<string[]> {
  if (!ctx.minter) throw new UsageError('`token` works with the embedded issuer only (OIDC_ISSUER is set).');
  const email = validEmail(args[0]);
  const { user, claims } = await ensureUser(ctx, email);
  return [describe(user, ctx.clock.now()), await ctx.minter.mint({ ...claims, sub: String(claims.sub) })];
}

async function plan(ctx: OpsContext, args: string[]): Promise<string[]> {
  const email = validEmail(args[0]);
  const parts = parsePlanId(args[1] ?? '');
  if (!parts) throw new UsageError(`PLANID must be 1, 12, 101 or 112, got '${args[1] ?? ''}'`);
  const status = Number(args[2] ?? SubscriptionStatus.Premium);
  if (!(Object.values(SubscriptionStatus) as number[]).includes(status)) {
    throw new UsageError(`STATUS must be 0 to 4, got '${args[2]}'`);
  }
  const { user } = await ensureUser(ctx, email);
  const now = ctx.clock.now();
  const trial = status === SubscriptionStatus.Trial || status === SubscriptionStatus.TrialEnded;
  const periodEnd = status === SubscriptionStatus.PremiumEnded ? now : addMonthsUtc(now, parts.cycle);
  const updated = await ctx.db
    .updateTable('users')
    .set({
      status,
      plan_id: trial ? null : parts.planId,
      trial_ends_at: new Date(
        status === SubscriptionStatus.Trial ? trialEndFor(now) : Math.min(now, user.trial_ends_at.getTime()),
      ),
      period_start: trial ? null : new Date(now),
      period_end: trial ? null : new Date(periodEnd),
      customer_id: null,
      subscription_id: null,
      pending_plan_id: null,
      payment_failed_at: null,
      cancelled: status === SubscriptionStatus.PremiumCancelled || status === SubscriptionStatus.PremiumEnded,
      // Granted by the operator, billed outside the app: no in-app change or cancel.
      processor: null,
    })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return [describe(updated, now)];
}

function takeOption(args: string[], name: string): { value: string | null; rest: string[] } {
  const i = args.indexOf(name);
  if (i < 0) return { value: null, rest: args };
  const value = args[i + 1];
  if (value === undefined) throw new UsageError(`${name} needs a value`);
  return { value, rest: [...args.slice(0, i), ...args.slice(i + 2)] };
}

async function message(ctx: OpsContext, args: string[]): Promise<string[]> {
  if (args.includes('--clear')) {
    await writeSystemMessage(ctx.db, null, ctx.clock.now());
    return ['System message cleared.'];
  }
  const { value: description, rest } = takeOption(args, '--description');
  const trailing = rest.includes('--trailing');
  const text = rest
    .filter((a) => a !== '--trailing')
    .join(' ')
    .trim();
  if (!text) {
    const current = await readSystemMessage(ctx.db);
    return [current ? `System message: ${JSON.stringify(current)}` : 'No system message.'];
  }
  const stored = await writeSystemMessage(ctx.db, { message: text, description, trailing }, Date.now());
  return [`System message set: ${JSON.stringify(stored)}`];
}

const UNIT_MS: Readonly<Record<string, number>> = { d: DAY_MS, h: HOUR_MS, m: 60_000 };

function formatOffset(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const abs = Math.abs(ms);
  const d = Math.floor(abs / DAY_MS);
  const h = Math.floor((abs % DAY_MS) / HOUR_MS);
  const m = Math.round((abs % HOUR_MS) / 60_000);
  return `${sign}${d}d ${h}h ${m}m`;
}

async function clock(ctx: OpsContext, args: string[]): Promise<string[]> {
  const arg = args[0];
  if (arg !== undefined) {
    if (!ctx.clock.movable) throw new UsageError('The clock cannot be moved in production.');
    if (arg === 'reset') await ctx.clock.setOffsetMs(0);
    else {
      const match = /^([+-])(\d+(?:\.\d+)?)([dhm])$/.exec(arg);
      if (!match) throw new UsageError(`Move the clock by +Nd, -Nd, +Nh or +Nm, or 'reset'; got '${arg}'`);
      const delta = Number(match[2]) * (UNIT_MS[match[3] ?? 'd'] ?? DAY_MS) * (match[1] === '-' ? -1 : 1);
      await ctx.clock.setOffsetMs(ctx.clock.offsetMs() + delta);
    }
  }
  return [
    `Business time: ${new Date(ctx.clock.now()).toISOString()} (offset ${formatOffset(ctx.clock.offsetMs())})`,
  ];
}

async function refund(ctx: OpsContext, args: string[]): Promise<string[]> {
  const email = validEmail(args[0]);
  const user = await userByEmail(ctx.db, ctx.issuer, email);
  if (!user) throw new UsageError(`No user with e-mail ${email}.`);
  return ctx.billing.billing.refundLatest(user).catch((err: unknown) => {
    if (err instanceof DomainError) throw new UsageError(err.message);
    throw err;
  });
}

async function promo(ctx: OpsContext, args: string[]): Promise<string[]> {
  if (args.length === 0) {
    const running = [...(await promotions(ctx.db)).entries()];
    if (running.length === 0) return ['No promotions.'];
    return running.map(
      ([planId, p]) =>
        `${PLANS[planId].name} (${planId}): $${(p.newMonthlyPriceCents / 100).toFixed(2)}/month` +
        `${p.couponCode ? `, coupon ${p.couponCode}` : ''}${p.banner ? `, banner '${p.banner}'` : ''}`,
    );
  }
  const parts = parsePlanId(args[0] ?? '');
  if (!parts) throw new UsageError(`PLANID must be 1, 12, 101 or 112, got '${args[0] ?? ''}'`);
  const name = PLANS[parts.planId].name;
  if (args[1] === '--clear') {
    await clearPromotion(ctx.db, parts.planId);
    return [`Promotion of ${name} ended.`];
  }
  const { value: coupon, rest: afterCoupon } = takeOption(args.slice(1), '--coupon');
  const { value: banner, rest } = takeOption(afterCoupon, '--banner');
  const price = rest[0] ?? '';
  const cents = /^\d{1,5}(\.\d{1,2})?$/.test(price) ? Math.round(Number(price) * 100) : Number.NaN;
  const list = PLANS[parts.planId].monthlyPriceCents;
  if (!(cents > 0 && cents < list))
    throw new UsageError(
      `PRICE must be dollars per month below the list price $${list / 100}, got '${price}'`,
    );
  if (coupon !== null && !/^[A-Za-z0-9_-]{1,40}$/.test(coupon))
    throw new UsageError('A coupon code has 1 to 40 letters, digits, - and _.');
  if (banner !== null && banner.length > 200) throw new UsageError('The banner has at most 200 characters.');
  await setPromotion(ctx.db, parts.planId, { newMonthlyPriceCents: cents, couponCode: coupon, banner });
  return [`${name} promoted at $${(cents / 100).toFixed(2)}/month${coupon ? ` with coupon ${coupon}` : ''}.`];
}

async function billingCommand(ctx: OpsContext, args: string[]): Promise<string[]> {
  if (args[0] !== 'run') throw new UsageError('Usage: billing run');
  const report = await ctx.billing.runLifecycle();
  return [
    `Renewals ${report.renewals}, declined ${report.failedRenewals}, ended ${report.ended}, ` +
      `trial reminders ${report.reminders}, end notices ${report.endNotices}.`,
  ];
}

async function watchCommand(ctx: OpsContext, args: string[]): Promise<string[]> {
  if (args[0] !== 'run') throw new UsageError('Usage: watch run');
  if (!ctx.checkWatchedScans)
    throw new UsageError('`watch run` needs the server running: it runs the scans.');
  const report = await ctx.checkWatchedScans();
  if (!report) return ['The market is closed: watched scans are checked while it is open.'];
  return [`Checked ${report.checked}, alerts ${report.alerts}, too expensive ${report.tooExpensive}.`];
}

async function reportsCommand(ctx: OpsContext, args: string[]): Promise<string[]> {
  const frequency = args[1];
  if (args[0] !== 'send' || !isReportFrequency(frequency))
    throw new UsageError('Usage: reports send w_eod | d_eod | d_intraday');
  if (!ctx.sendReports) throw new UsageError('`reports send` needs the server running: it reads the market.');
  return [`Sent ${await ctx.sendReports(frequency)} report e-mails.`];
}

const COMMANDS: Readonly<Record<string, (ctx: OpsContext, args: string[]) => Promise<string[]>>> = {
  token,
  plan,
  refund,
  promo,
  billing: billingCommand,
  watch: watchCommand,
  reports: reportsCommand,
  message,
  clock,
};

const commandNamed = (name: string | undefined) =>
  name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;

/** The answer to anything that is not a command (help, a typo), which needs no database. */
export function usageFor(argv: readonly string[]): OpsResult | null {
  const [name] = argv;
  return commandNamed(name) ? null : { ok: name === 'help' || name === undefined, lines: OPS_USAGE };
}

export async function runOpsCommand(ctx: OpsContext, argv: readonly string[]): Promise<OpsResult> {
  const [name, ...args] = argv;
  const command = commandNamed(name);
  if (!command) return usageFor(argv) ?? { ok: false, lines: OPS_USAGE };
  try {
    return { ok: true, lines: await command(ctx, args) };
  } catch (err) {
    if (err instanceof UsageError) return { ok: false, lines: [err.message] };
    throw err;
  }
}
