/**
 * The embedded issuer's pages: sign in, sign up, signing out, errors. Plain server-rendered
 * HTML (no script needed except the optional auto-submit of the sign-out form), labelled
 * fields with autocomplete hints, errors announced and tied to their field, a layout that
 * fits a 320px phone, and the OS dark mode.
 */
import { createHash } from 'node:crypto';
import { escapeHtml, htmlDocument } from '../http/html-document.ts';

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1f24;--muted:#57606a;--bg:#f4f6f8;--card:#fff;--line:#c9d1d9;--accent:#0b6bcb;--on-accent:#fff;--error:#b42318}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9aa4ae;--bg:#0d1117;--card:#161b22;--line:#3b434c;--accent:#4c9be8;--on-accent:#0d1117;--error:#ff8b7e}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:420px;margin:0 auto;padding:32px 16px}
.brand{display:flex;align-items:center;gap:8px;font-weight:700;font-size:1.15rem;margin-bottom:16px;color:var(--fg);text-decoration:none}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:24px}
h1{font-size:1.4rem;margin:0 0 16px}
label{display:block;font-weight:600;margin:14px 0 4px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid var(--line);border-radius:8px;background:var(--card);color:var(--fg)}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
input[aria-invalid=true]{border-color:var(--error)}
.row{display:flex;gap:12px}.row>div{flex:1;min-width:0}
@media (max-width:360px){.row{display:block}}
.hint{color:var(--muted);font-size:.9rem;margin:4px 0 0}
.field-error{color:var(--error);font-size:.9rem;margin:4px 0 0}
.alert{border:1px solid var(--error);color:var(--error);border-radius:8px;padding:10px 12px;margin:0 0 12px}
button{width:100%;margin-top:20px;font:inherit;font-weight:600;padding:12px;border:0;border-radius:8px;background:var(--accent);color:var(--on-accent);cursor:pointer}
.switch{margin:16px 0 0;text-align:center}
a{color:var(--accent)}
footer{margin-top:16px;text-align:center;font-size:.85rem;color:var(--muted)}
`;

function layout(title: string, body: string, head = ''): string {
  return htmlDocument(
    `${title} · OptionScout`,
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>${head}`,
    `<main>
<a class="brand" href="/"><img src="/favicon.svg" alt="" width="28" height="28"><span>OptionScout</span></a>
<div class="card">
${body}
</div>
<footer><a href="/terms">Terms</a></footer>
</main>`,
  );
}

interface FieldSpec {
  readonly name: string;
  readonly label: string;
  readonly type: string;
  readonly autocomplete: string;
  readonly value?: string;
  readonly error?: string | undefined;
  readonly hint?: string;
  readonly extra?: string;
}

function field(f: FieldSpec): string {
  const described = [f.hint ? `${f.name}-hint` : '', f.error ? `${f.name}-error` : '']
    .filter(Boolean)
    .join(' ');
  return `<label for="${f.name}">${escapeHtml(f.label)}</label>
<input id="${f.name}" name="${f.name}" type="${f.type}" autocomplete="${f.autocomplete}" required${
    f.value ? ` value="${escapeHtml(f.value)}"` : ''
  }${f.error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}${f.extra ?? ''}>${
    f.hint ? `\n<p class="hint" id="${f.name}-hint">${escapeHtml(f.hint)}</p>` : ''
  }${f.error ? `\n<p class="field-error" id="${f.name}-error">${escapeHtml(f.error)}</p>` : ''}`;
}

const alert = (message: string | undefined) =>
  message ? `<div class="alert" role="alert">${message}</div>` : '';

export interface SignInView {
  readonly uid: string;
  readonly email?: string;
  /** Already-escaped HTML: may hold a link. */
  readonly error?: string;
}

export function signInPage(view: SignInView): string {
  const base = `/oidc/interaction/${encodeURIComponent(view.uid)}`;
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
${alert(view.error)}
<form method="post" action="${base}/signin" novalidate>
${field({ name: 'email', label: 'E-mail', type: 'email', autocomplete: 'email', value: view.email ?? '', extra: ' autofocus' })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password' })}
<button type="submit">Sign in</button>
</form>
<p class="switch">New to OptionScout? <a href="${base}?view=signup">Create an account</a> — 14 days free, no card needed.</p>`,
  );
}

export interface SignUpView {
  readonly uid: string;
  readonly values?: { readonly email?: string; readonly givenName?: string; readonly familyName?: string };
  /** Field name → message. */
  readonly errors?: Readonly<Record<string, string>>;
  /** Already-escaped HTML: may hold a link. */
  readonly error?: string;
}

export function signUpPage(view: SignUpView): string {
  const base = `/oidc/interaction/${encodeURIComponent(view.uid)}`;
  const errors = view.errors ?? {};
  const values = view.values ?? {};
  // Focus lands on the first field to correct (or the first field of a fresh form).
  const focus = ['given_name', 'family_name', 'email', 'password'].find((f) => errors[f]) ?? 'given_name';
  const auto = (name: string) => (name === focus ? ' autofocus' : '');
  return layout(
    'Create your account',
    `<h1>Create your account</h1>
${alert(view.error)}
<form method="post" action="${base}/signup" novalidate>
<div class="row">
<div>${field({ name: 'given_name', label: 'First name', type: 'text', autocomplete: 'given-name', value: values.givenName ?? '', error: errors.given_name, extra: `${auto('given_name')} maxlength="100"` })}</div>
<div>${field({ name: 'family_name', label: 'Last name', type: 'text', autocomplete: 'family-name', value: values.familyName ?? '', error: errors.family_name, extra: `${auto('family_name')} maxlength="100"` })}</div>
</div>
${field({ name: 'email', label: 'E-mail', type: 'email', autocomplete: 'email', value: values.email ?? '', error: errors.email, extra: auto('email') })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: errors.password, hint: 'At least 8 characters.', extra: `${auto('password')} minlength="8"` })}
<button type="submit">Start free trial</button>
</form>
<p class="switch">Already have an account? <a href="${base}?view=signin">Sign in</a></p>`,
  );
}

/** A page with a message and a way back to the app. */
export function messagePage(
  title: string,
  message: string,
  link = { href: '/signin', label: 'Back to sign in' },
): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
  );
}

const AUTO_SUBMIT = "document.getElementById('sign-out').click()";

/** sha256 source of the one inline script, for the page's Content-Security-Policy. */
export const AUTO_SUBMIT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(AUTO_SUBMIT).digest('base64')}'`;

/**
 * The sign-out step. The app already asked ("Sign Out"), so the page submits itself; the
 * button remains for browsers without script. `form` is oidc-provider's hidden form (xsrf).
 */
export function signOutPage(form: string): string {
  return layout(
    'Signing out',
    `<h1>Signing out…</h1>
${form}
<button id="sign-out" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<script>${AUTO_SUBMIT}</script>`,
  );
}
