/**
 * The account's invoices, newest first as the server sends them: number, date, what for, total
 * and status; each opens to its receipt (the lines, credits negative, and the period it covers).
 */
import type { Invoice } from '#api/billing.ts';
import { billingDate, dollars } from '#app/features/billing/billing-text.ts';
import { invoiceDescription, invoiceStatus } from './account-text.ts';

function Receipt({ invoice }: { invoice: Invoice }) {
  return (
    <div className="receipt">
      <p className="hint">
        Receipt {invoice.number} · covers {billingDate(invoice.periodStart)} –{' '}
        {billingDate(invoice.periodEnd)}
      </p>
      <dl className="billing-figures">
        {invoice.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a receipt's lines never reorder
          <div key={i}>
            <dt>{line.description}</dt>
            <dd>{line.amountCents < 0 ? `−${dollars(-line.amountCents)}` : dollars(line.amountCents)}</dd>
          </div>
        ))}
        <div className="total">
          <dt>Total</dt>
          <dd>{dollars(invoice.totalCents)}</dd>
        </div>
        {invoice.refundedCents > 0 && (
          <div>
            <dt>Refunded</dt>
            <dd>{dollars(invoice.refundedCents)}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}

export function InvoiceList({ invoices }: { invoices: readonly Invoice[] }) {
  return (
    <section className="billing-card" aria-labelledby="account-invoices">
      <h2 id="account-invoices">Invoices</h2>
      {invoices.length === 0 ? (
        <p className="hint">No invoices yet.</p>
      ) : (
        <ul className="invoice-list">
          {invoices.map((invoice) => (
            <li key={invoice.id}>
              <details>
                <summary>
                  <span className="invoice-number">{invoice.number}</span>
                  <span className="invoice-date">{billingDate(invoice.issuedAt)}</span>
                  <span className="invoice-description">{invoiceDescription(invoice)}</span>
                  <span className="invoice-total">{dollars(invoice.totalCents)}</span>
                  <span className={`invoice-status ${invoice.status}`}>{invoiceStatus(invoice.status)}</span>
                </summary>
                <Receipt invoice={invoice} />
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
