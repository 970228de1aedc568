/**
 * Excel/Sheets integration (spec 1 §2; docs/ADDIN.md): for plans with the add-in, a toggle between
 * Excel and Google Sheets, what the integration does, the access token it signs in with (made here,
 * shown once, copyable, revocable), the steps for each spreadsheet, and template ideas. Other plans
 * see what it is and an upgrade link.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { EXCEL_MANIFEST_PATH } from '#api/excel-addin.ts';
import { AppLink } from '#app/components/AppLink.tsx';
import { errorMessageOf } from '#app/components/error-message.ts';
import { ScreenTitle } from '#app/components/ScreenTitle.tsx';
import { subscriptionQuery } from '#app/features/account/subscription.ts';
import { addinTokenQuery, newAddinToken, revokeAddinToken } from '#app/features/addin/addin-token.ts';
import type { IntegrationsParams } from '#app/route-params.ts';
import { PLAN_LIMIT_MESSAGES } from '#domain/errors.ts';
import { effectiveLimits } from '#domain/plans/plan-limits.ts';
import { excelQuery } from './excel-query.ts';
import { OPTION_FIELDS, QUOTE_FIELDS, sheetsScript } from './sheets-script.ts';
import '#app/components/forms.css';
import './integrations.css';

const integrationsRoute = getRouteApi('/integrations/$view');

export const TEMPLATES: readonly { readonly name: string; readonly idea: string }[] = [
  {
    name: 'Watchlist',
    idea: 'A column of tickers, then last, change % and IV rank beside each: one call for the whole column.',
  },
  {
    name: 'Dividend Aristocrats',
    idea: 'The long-time dividend raisers with price and implied volatility, to pick covered-call candidates.',
  },
  {
    name: 'Stock Valuation',
    idea: 'Your own valuation model beside the live price, with the gap between them as a percentage.',
  },
  {
    name: 'Optimizer',
    idea: 'Compare strikes of one expiration by mid, delta and theta to find the best premium for the risk.',
  },
  {
    name: 'Reverse DCF',
    idea: 'The growth rate the live price implies, next to your discounted cash-flow inputs.',
  },
  {
    name: 'Collar Calculator (new)',
    idea: 'Stock, a put below and a call above: the net cost and the range of outcomes from live mids.',
  },
  {
    name: 'Rolling Options (new)',
    idea: 'The position you hold and its roll candidates side by side, with the credit or debit of each roll.',
  },
];

function copy(text: string, done: () => void) {
  void navigator.clipboard?.writeText(text).then(done, () => {});
}

function AccessToken({ onToken }: { onToken: (token: string | null) => void }) {
  const queryClient = useQueryClient();
  const state = useQuery(addinTokenQuery());
  const [token, setToken] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const act = async (run: () => Promise<string | null>) => {
    setBusy(true);
    setProblem(null);
    setCopied(false);
    try {
      const next = await run();
      setToken(next);
      onToken(next);
      await queryClient.invalidateQueries({ queryKey: addinTokenQuery().queryKey });
    } catch (error) {
      setProblem(errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const exists = state.data?.exists ?? false;
  return (
    <section className="addin-token" aria-label="Access token">
      <h2>Access token</h2>
      <p className="hint">
        The spreadsheet signs in to OptionScout with this token. It reads quotes and option figures only, and
        works until you replace or revoke it. It is shown once: copy it now, or make a new one later.
      </p>
      {token ? (
        <div className="token-row">
          <input className="app-input" readOnly value={token} aria-label="Your access token" />
          <button type="button" className="action-button" onClick={() => copy(token, () => setCopied(true))}>
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      ) : (
        <p>
          {exists
            ? `You have a token, made ${new Date(state.data?.createdAt ?? '').toLocaleString()}.`
            : 'You have no token yet.'}
        </p>
      )}
      <div className="token-actions">
        <button
          type="button"
          className="action-button"
          disabled={busy}
          onClick={() => void act(async () => (await newAddinToken()).token)}
        >
          {exists ? 'Replace token' : 'Create token'}
        </button>
        {exists && (
          <button
            type="button"
            className="action-button secondary"
            disabled={busy}
            onClick={() =>
              void act(async () => {
                await revokeAddinToken();
                return null;
              })
            }
          >
            Revoke
          </button>
        )}
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

function CopyBlock({ label, text }: { label: string; text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="copy-block">
      <textarea className="app-input code" readOnly value={text} aria-label={label} rows={8} />
      <button type="button" className="action-button" onClick={() => copy(text, () => setCopied(true))}>
        {copied ? 'Copied' : `Copy ${label.toLowerCase()}`}
      </button>
    </div>
  );
}

function SheetsSteps({ origin }: { origin: string }) {
  return (
    <section aria-label="Google Sheets">
      <h2>Google Sheets</h2>
      <ol className="steps">
        <li>Open a spreadsheet, then Extensions → Apps Script.</li>
        <li>Replace the editor's content with the script below, and save.</li>
        <li>
          Back in the spreadsheet, reload it: an OptionScout menu appears. Choose Set access token and paste
          your token.
        </li>
        <li>
          Type <code>=OSQUOTE("AAPL")</code>, <code>=OSQUOTE(A2:A20, "iv_rank")</code> or{' '}
          <code>=OSOPTION("AAPL261218C200", "delta")</code>. Google asks once to allow the script to reach
          OptionScout.
        </li>
      </ol>
      <p className="hint">
        OSQUOTE fields: {QUOTE_FIELDS.join(', ')}. OSOPTION fields: {OPTION_FIELDS.join(', ')}. Option ids are
        the ticker, the expiration as YYMMDD, C or P and the strike. Figures are cached for a minute.
      </p>
      <CopyBlock label="Script" text={sheetsScript(origin)} />
    </section>
  );
}

/** The Office add-in's steps; Office loads add-ins from https addresses only. */
export function ExcelAddinSteps({ origin }: { origin: string }) {
  const secure = origin.startsWith('https://');
  return (
    <section aria-label="Excel cell functions">
      <h2>Excel: cell functions</h2>
      <p>
        The OptionScout add-in adds <code>=OS.QUOTE</code> and <code>=OS.OPTION</code> to Excel for Windows,
        Mac and the web. Its cells refresh every minute while the workbook is open.
      </p>
      {secure ? (
        <ol className="steps">
          <li>
            <a href={EXCEL_MANIFEST_PATH} download="optionscout-excel-addin.xml">
              Download the add-in
            </a>{' '}
            (a small manifest file for this OptionScout).
          </li>
          <li>
            In Excel: Home → Add-ins → More Add-ins → My Add-ins → Upload My Add-in, and choose the file. Your
            organization's administrator can also deploy it to everyone from the Microsoft 365 admin center.
          </li>
          <li>Open OptionScout on the Home tab and paste your access token.</li>
          <li>
            Type <code>=OS.QUOTE("AAPL")</code>, <code>=OS.QUOTE(A2:A20, "iv_rank")</code> or{' '}
            <code>=OS.OPTION("AAPL261218C200", "delta")</code>: a range is one request.
          </li>
        </ol>
      ) : (
        <p className="hint">
          Office loads add-ins from https addresses only, and this OptionScout is served at {origin}: use
          Power Query below, or serve OptionScout over https to offer the add-in.
        </p>
      )}
      <p className="hint">
        OS.QUOTE fields: {QUOTE_FIELDS.join(', ')}. OS.OPTION fields: {OPTION_FIELDS.join(', ')}.
      </p>
    </section>
  );
}

function ExcelSteps({ origin, token }: { origin: string; token: string | null }) {
  return (
    <section aria-label="Excel">
      <ExcelAddinSteps origin={origin} />
      <h2>Excel: a table with Power Query</h2>
      <p>
        Without the add-in, Excel reads OptionScout through Power Query into a table you refresh whenever you
        like (Data → Refresh All).
      </p>
      <h3>Windows and Mac</h3>
      <ol className="steps">
        <li>
          Data → Get Data → From Other Sources → Blank Query (on a Mac: Data → Get Data (Power Query) → Blank
          query).
        </li>
        <li>In the Power Query editor, open Advanced Editor and replace its content with the query below.</li>
        <li>Change the symbols to yours, then Done and Close &amp; Load: the quotes land in a table.</li>
        <li>If Excel asks how to connect, choose Anonymous: the token in the query signs you in.</li>
      </ol>
      <h3>Excel on the web</h3>
      <ol className="steps">
        <li>Make the workbook in Excel for Windows or Mac as above and save it to OneDrive.</li>
        <li>Open it in Excel on the web: Data → Refresh All brings the figures up to date.</li>
      </ol>
      <CopyBlock label="Query" text={excelQuery(origin, token)} />
      <p className="hint">
        For options, use <code>/api/v1/addin/options</code> and <code>contracts = "AAPL261218C200,…"</code> in
        the query, and <code>Source[options]</code>.
      </p>
    </section>
  );
}

export function IntegrationsScreen() {
  const { view }: IntegrationsParams = integrationsRoute.useParams();
  const subscription = useQuery(subscriptionQuery());
  const [token, setToken] = useState<string | null>(null);
  const title = view === 'sheets' ? 'Google Sheets Integration' : 'Excel Integration';
  const allowed = subscription.data
    ? effectiveLimits({ status: subscription.data.status, planId: subscription.data.planId }).addIn
    : null;
  const origin = window.location.origin;
  return (
    <div className="integrations">
      <ScreenTitle title={title} />
      <p>
        Live stock and option figures from OptionScout in your own spreadsheets: prices, changes, implied
        volatility and IV rank, option bids, asks and greeks: in cells that refresh themselves, or in a table
        you refresh.
      </p>
      {allowed === false && (
        <p className="upgrade-note">
          {PLAN_LIMIT_MESSAGES.addIn} <AppLink href="/pricing">See the plans</AppLink>
        </p>
      )}
      {allowed && (
        <>
          <nav className="integration-toggle" aria-label="Spreadsheet">
            <AppLink href="/integrations/excel" aria-current={view !== 'sheets' ? 'page' : undefined}>
              Excel
            </AppLink>
            <AppLink href="/integrations/sheets" aria-current={view === 'sheets' ? 'page' : undefined}>
              Google Sheets
            </AppLink>
          </nav>
          <AccessToken onToken={setToken} />
          {view === 'sheets' ? <SheetsSteps origin={origin} /> : <ExcelSteps origin={origin} token={token} />}
          <section aria-label="Template ideas">
            <h2>Template ideas</h2>
            <ul className="templates">
              {TEMPLATES.map((t) => (
                <li key={t.name}>
                  <strong>{t.name}</strong>: {t.idea}
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
