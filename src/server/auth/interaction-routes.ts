/**
 * Mounts the embedded issuer under /oidc: our sign-in and sign-up pages (Fastify routes,
 * form posts, rate-limited per address) and everything else handed to oidc-provider's Koa
 * app through @fastify/middie. Registered before the API so /oidc never reaches the app's
 * not-found fallback.
 */
import formbody from '@fastify/formbody';
import middie from '@fastify/middie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors as oidcErrors } from 'oidc-provider';
import { OIDC_BASE } from '#api/paths.ts';
import { DomainError } from '#domain/errors.ts';
import type { Limit } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { errorStatus } from '../http/error-status.ts';
import { escapeHtml } from '../http/html-document.ts';
import { emailProblem, normalizeEmail } from './email-address.ts';
import { type EmbeddedIssuer, formActionSources, withCspDirective } from './embedded-issuer.ts';
import { identityByEmail, insertIdentity } from './identities.ts';
import { messagePage, signInPage, signUpPage } from './pages.ts';
import {
  decoyHash,
  hashPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  verifyPassword,
} from './passwords.ts';

/** The app's wording for a refused address (spec 1 §2). */
export const REFUSED_EMAIL_MESSAGE = "Can't use this email address. It is either disposable or a typo.";
const MAX_NAME_LENGTH = 100;

/** Sign-in and sign-up posts per client address per minute. */
export const FORM_POSTS_PER_MINUTE = 10;

const OWN_PATHS = /^\/interaction\//;

type FormBody = Record<string, unknown> | undefined;
const formText = (body: FormBody, key: string): string => {
  const v = body?.[key];
  return typeof v === 'string' ? v : '';
};

/**
 * The form's answer redirects to the app, possibly on another of its origins, and form-action
 * also covers redirects: allow the app's origins. The redirect address itself is checked by
 * oidc-provider against the client's registration.
 */
function allowFormRedirects(reply: FastifyReply, apps: readonly string[]): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string')
    reply.header('content-security-policy', withCspDirective(csp, 'form-action', formActionSources(apps)));
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

function renderFailure(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.statusCode === 429) {
    return sendPage(
      reply,
      429,
      messagePage('Too many attempts', 'Please wait a minute and try again.', {
        href: request.url,
        label: 'Try again',
      }),
    );
  }
  if (error instanceof oidcErrors.SessionNotFound || error instanceof oidcErrors.InvalidRequest) {
    return sendPage(
      reply,
      400,
      messagePage(
        'This page has expired',
        'The sign-in took too long or was already used. Please start again.',
      ),
    );
  }
  // A post the form never sends (not a form, malformed, too large, text no column stores):
  // the status the API would answer, on a page.
  const status = error instanceof DomainError ? errorStatus(error.code) : error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    request.log.info({ status, code: error.code }, error.message);
    return sendPage(
      reply,
      status,
      messagePage('The form could not be read', 'Please go back, check what you entered and try again.'),
    );
  }
  request.log.error({ err: error }, 'sign-in page failed');
  return sendPage(
    reply,
    500,
    messagePage('Something went wrong', 'An error has occurred. Please try again.'),
  );
}

export async function mountEmbeddedIssuer(
  app: FastifyInstance,
  deps: { issuer: EmbeddedIssuer; db: Kysely<Database>; passwordFailures: Limit },
): Promise<void> {
  const { provider } = deps.issuer;
  const { db } = deps;

  /** The pending sign-in of this browser, checked against the page's uid (an old tab → expired). */
  const interactionOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.uid !== (request.params as { uid: string }).uid) {
      throw new oidcErrors.SessionNotFound('interaction mismatch');
    }
    return details;
  };

  const finish = async (request: FastifyRequest, reply: FastifyReply, accountId: string) => {
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  };

  await app.register(async (scope) => {
    await scope.register(formbody);
    scope.addHook('onSend', async (_request, reply) => allowFormRedirects(reply, deps.issuer.apps));
    await scope.register(rateLimit, { global: false });
    scope.setErrorHandler(renderFailure);
    const limited = { rateLimit: { max: FORM_POSTS_PER_MINUTE, timeWindow: 60_000 } };
    // Failed passwords per account, from whatever addresses they come (a slow guess spread
    // over many addresses). Counted for unknown addresses too, so the answer tells nothing.
    const failures = scope.createRateLimit({
      max: deps.passwordFailures.max,
      timeWindow: deps.passwordFailures.windowMs,
      keyGenerator: (request) => `password:${normalizeEmail(formText(request.body as FormBody, 'email'))}`,
    });

    scope.get(`${OIDC_BASE}/interaction/:uid`, async (request, reply) => {
      const details = await interactionOf(request, reply);
      const uid = details.uid;
      if (details.prompt.name === 'consent') {
        // Not expected (consent is implied by loadExistingGrant); finish it the same way.
        const grant = new provider.Grant({
          clientId: String(details.params.client_id),
          accountId: details.session?.accountId ?? '',
        });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
        return reply.redirect(returnTo, 303);
      }
      const view = (request.query as { view?: string }).view;
      const signUp = view === 'signup' || (view !== 'signin' && details.params.screen_hint === 'signup');
      return sendPage(reply, 200, signUp ? signUpPage({ uid }) : signInPage({ uid }));
    });

    scope.post(`${OIDC_BASE}/interaction/:uid/signin`, { config: limited }, async (request, reply) => {
      const { uid } = await interactionOf(request, reply);
      const body = request.body as FormBody;
      const email = normalizeEmail(formText(body, 'email'));
      const password = formText(body, 'password');
      const counted = await failures(request, { increment: false });
      if (!counted.isAllowed && counted.remaining === 0) {
        const minutes = Math.max(1, Math.ceil(counted.ttlInSeconds / 60));
        return sendPage(
          reply,
          429,
          signInPage({
            uid,
            email,
            error: `Too many failed attempts for this account. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
          }),
        );
      }
      const identity = email ? await identityByEmail(db, email) : undefined;
      // Always one scrypt run, so the answer time does not tell whether the address exists.
      const ok = await verifyPassword(password, identity?.password_hash ?? (await decoyHash()));
      if (!identity?.password_hash || !ok) {
        await failures(request);
        return sendPage(reply, 401, signInPage({ uid, email, error: 'Wrong e-mail or password.' }));
      }
      return finish(request, reply, identity.id);
    });

    scope.post(`${OIDC_BASE}/interaction/:uid/signup`, { config: limited }, async (request, reply) => {
      const { uid } = await interactionOf(request, reply);
      const body = request.body as FormBody;
      const values = {
        givenName: formText(body, 'given_name').trim(),
        familyName: formText(body, 'family_name').trim(),
        email: normalizeEmail(formText(body, 'email')),
      };
      const password = formText(body, 'password');
      const errors: Record<string, string> = {};
      if (!values.givenName) errors.given_name = 'Please enter your first name.';
      else if (values.givenName.length > MAX_NAME_LENGTH)
        errors.given_name = 'Please shorten your first name.';
      if (!values.familyName) errors.family_name = 'Please enter your last name.';
      else if (values.familyName.length > MAX_NAME_LENGTH)
        errors.family_name = 'Please shorten your last name.';
      const problem = emailProblem(values.email);
      if (problem?.kind === 'invalid') errors.email = 'Please enter a valid e-mail address.';
      else if (problem?.kind === 'typo') {
        errors.email = `${REFUSED_EMAIL_MESSAGE} Did you mean ${values.email.split('@')[0]}@${problem.suggestion}?`;
      } else if (problem) errors.email = REFUSED_EMAIL_MESSAGE;
      if (password.length < MIN_PASSWORD_LENGTH)
        errors.password = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
      else if (password.length > MAX_PASSWORD_LENGTH)
        errors.password = `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
      if (Object.keys(errors).length > 0) {
        const summary = escapeHtml(
          Object.values(errors).length === 1
            ? (Object.values(errors)[0] ?? '')
            : 'Please correct the fields below.',
        );
        return sendPage(reply, 400, signUpPage({ uid, values, errors, error: summary }));
      }
      const identity = await insertIdentity(db, {
        email: values.email,
        passwordHash: await hashPassword(password),
        givenName: values.givenName,
        familyName: values.familyName,
      });
      if (!identity) {
        const signIn = `${OIDC_BASE}/interaction/${encodeURIComponent(uid)}?view=signin`;
        return sendPage(
          reply,
          409,
          signUpPage({
            uid,
            values,
            errors: { email: 'An account with this e-mail address already exists.' },
            error: `An account with this e-mail address already exists. <a href="${signIn}">Sign in</a> instead.`,
          }),
        );
      }
      return finish(request, reply, identity.id);
    });
  });

  await app.register(middie);
  const callback = provider.callback();
  // middie strips the /oidc prefix; our pages above are left to Fastify's router.
  app.use(OIDC_BASE, (req, res, next) => {
    if (OWN_PATHS.test(req.url ?? '')) return next();
    return callback(req, res);
  });
}
