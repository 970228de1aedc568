/**
 * The 'Send To' menu (spec 3 §2): Trade Log (submits), Thinkorswim, Tradier, and a "Can't see
 * your broker?" mail link; the two brokers are disabled for a custom strategy (with the title
 * that says why) and whenever the export is not available; Trade Log is disabled while the order
 * cannot be logged, with the reason when the form does not show it already (legs that do not fit
 * the strategy, no trading account). Each broker opens its dialog:
 * 'Preparing...' until the export is ready; Thinkorswim's text to copy (with the warning for an
 * export in several parts), Tradier's link (its first 50 characters shown); both with OK.
 */

import { useCallback, useState } from 'react';
import type { ThinkorswimExportAnswer, TradeExportRequest, TradierExportAnswer } from '#api/trades.ts';
import { Dialog } from '#app/components/Dialog.tsx';
import { defineListElements, IonButton, IonItem, IonList } from '#app/components/IonElements.tsx';
import { exportOrder } from '#app/features/trades/mutations.ts';
import { SUPPORT_EMAIL } from '#app/shell/navigation.ts';
import { errorText } from './order-errors.ts';

export const TRADIER_LINK_CHARS = 50;
export const BROKER_MAIL = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Please add my broker')}`;
export const MULTIPLE_PARTS_WARNING =
  "This order has several parts. In Thinkorswim's order entry first switch to an advanced order type ('Blast All', '1st trgs Seq' or '1st trgs All'), then paste.";

type Format = 'thinkorswim' | 'tradier';
/** The brokers in the menu's order, by the name the menu and the dialog show. */
const BROKER_NAMES: Readonly<Record<Format, string>> = { thinkorswim: 'Thinkorswim', tradier: 'Tradier' };
const FORMATS: readonly Format[] = ['thinkorswim', 'tradier'];
type ExportState =
  | { readonly format: Format; readonly status: 'loading' }
  | { readonly format: 'thinkorswim'; readonly status: 'ready'; readonly answer: ThinkorswimExportAnswer }
  | { readonly format: 'tradier'; readonly status: 'ready'; readonly answer: TradierExportAnswer }
  | { readonly format: Format; readonly status: 'error'; readonly message: string };

function ThinkorswimBody({ answer }: { answer: ThinkorswimExportAnswer }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <p>Copy the text to the clipboard, then use the paste button in Thinkorswim's order entry.</p>
      {answer.multiple && (
        <p className="warning" role="note">
          {MULTIPLE_PARTS_WARNING}
        </p>
      )}
      <textarea
        className="export-text"
        readOnly
        rows={Math.min(6, answer.text.split('\n').length + 1)}
        value={answer.text}
      />
      <IonButton
        size="small"
        fill="outline"
        onClick={() =>
          void navigator.clipboard?.writeText(answer.text).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? 'Copied' : 'Copy'}
      </IonButton>
    </>
  );
}

function TradierBody({ answer }: { answer: TradierExportAnswer }) {
  const shown =
    answer.url.length > TRADIER_LINK_CHARS ? `${answer.url.slice(0, TRADIER_LINK_CHARS)}…` : answer.url;
  return (
    <>
      <p>Open the trade on Tradier (a new tab):</p>
      <a className="export-link" href={answer.url} target="_blank" rel="noreferrer">
        {shown}
      </a>
    </>
  );
}

export function SendTo({
  canSubmit,
  submitBlock,
  brokers,
  request,
  onSubmit,
}: {
  canSubmit: boolean;
  /** Why Trade Log is disabled, when the form does not say it already. */
  submitBlock: string | null;
  /** Whether the brokers are offered, and the title saying why not. */
  brokers: { readonly available: boolean; readonly reason: string | null };
  request: () => TradeExportRequest | null;
  onSubmit: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [exported, setExported] = useState<ExportState | null>(null);
  const choose = (action: () => void) => {
    setOpen(false);
    action();
  };
  const close = useCallback(() => setExported(null), []);
  // The menu opens once ion-list and ion-item are defined (loaded on the first opening, not with
  // the screen): a disabled item then takes no click from its first render.
  const toggle = () => (open ? setOpen(false) : void defineListElements().then(() => setOpen(true)));
  const send = (format: Format) => {
    const body = request();
    if (!body) return;
    setExported({ format, status: 'loading' });
    const done = (next: ExportState) =>
      setExported((current) => (current?.format === format ? next : current));
    // One call per format: the answer's type follows it.
    const ready: Promise<ExportState> =
      format === 'thinkorswim'
        ? exportOrder(format, body).then((answer) => ({ format, status: 'ready', answer }))
        : exportOrder(format, body).then((answer) => ({ format, status: 'ready', answer }));
    ready.then(done, (error: unknown) => done({ format, status: 'error', message: errorText(error, null) }));
  };
  const title = brokers.reason ?? undefined;
  const notes = [...new Set([submitBlock, brokers.reason].filter((n): n is string => n !== null))];
  return (
    <>
      {/* A menu opening upwards from the button, in the page itself: nothing to measure or to
          leave behind when a submit navigates away. */}
      <div className="send-to-wrap">
        <IonButton className="send-to" aria-expanded={open} onClick={toggle}>
          Send To
        </IonButton>
        {open && (
          <>
            <button
              type="button"
              className="menu-backdrop"
              aria-label="Close the menu"
              onClick={() => setOpen(false)}
            />
            <div className="send-to-menu">
              <IonList>
                <IonItem
                  button
                  detail={false}
                  disabled={!canSubmit}
                  title={submitBlock ?? undefined}
                  onClick={() => choose(onSubmit)}
                >
                  Trade Log
                </IonItem>
                {FORMATS.map((format) => (
                  <IonItem
                    key={format}
                    button
                    detail={false}
                    disabled={!brokers.available}
                    title={title}
                    onClick={() => choose(() => send(format))}
                  >
                    {BROKER_NAMES[format]}
                  </IonItem>
                ))}
                <IonItem href={BROKER_MAIL} detail={false} target="_blank">
                  Can't see your broker?
                </IonItem>
              </IonList>
              {notes.map((note) => (
                <p key={note} className="menu-note">
                  {note}
                </p>
              ))}
            </div>
          </>
        )}
      </div>
      {exported && (
        <Dialog
          title={BROKER_NAMES[exported.format]}
          onClose={close}
          actions={<IonButton onClick={close}>OK</IonButton>}
        >
          {exported.status === 'loading' && <p>Preparing...</p>}
          {exported.status === 'error' && <p className="field-error">{exported.message}</p>}
          {exported.status === 'ready' && exported.format === 'thinkorswim' && (
            <ThinkorswimBody answer={exported.answer} />
          )}
          {exported.status === 'ready' && exported.format === 'tradier' && (
            <TradierBody answer={exported.answer} />
          )}
        </Dialog>
      )}
    </>
  );
}
