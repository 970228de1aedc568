/**
 * A modal dialog for lazy screens: a titled panel over a dimmed page, closed by its own
 * buttons or Escape. Plain elements styled like Ionic's alert (ion-modal's wrapper would add
 * to the entry chunk).
 */
import { useEscapeKey } from './use-escape-key.ts';
import './dialog.css';

export function Dialog({
  title,
  onClose,
  children,
  actions,
  className,
}: {
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  actions: React.ReactNode;
  /** Added to the panel's class (a narrower dialog, for example). */
  className?: string;
}) {
  useEscapeKey(onClose);
  return (
    <div className="dialog-backdrop">
      <div
        className={className ? `dialog ${className}` : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-label={title}
      >
        <h2>{title}</h2>
        <div className="dialog-body">{children}</div>
        <div className="dialog-actions">{actions}</div>
      </div>
    </div>
  );
}
