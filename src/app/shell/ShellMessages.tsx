/**
 * The shell's messages that wait for the first screen's content, their code loaded then (Shell):
 * the operator's message, polled from the server anyway, and the writes not yet sent, whose
 * queue itself starts only then, or at a first write (docs/ARCHITECTURE.md, "What loads when").
 */
import { PendingWrites } from './PendingWrites.tsx';
import { SystemMessageBanner } from './SystemMessageBanner.tsx';

export function ShellMessages() {
  return (
    <>
      <SystemMessageBanner />
      <PendingWrites />
    </>
  );
}
