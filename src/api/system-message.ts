/**
 * The operator's system message (spec 1 §2, §7), polled by the shell every 30 s from
 * `GET /api/v1/system/message` (public). Set with `npm run ops -- message TEXT`.
 */
export interface SystemMessage {
  message: string;
  /** Optional second line. */
  description: string | null;
  /**
   * true: the message stays on screen until the operator clears it (planned maintenance);
   * false: the user may dismiss it.
   */
  trailing: boolean;
  /** When it was set (ISO 8601): a new message shows again even if the last one was dismissed. */
  updatedAt: string;
}

export const SYSTEM_MESSAGE_POLL_MS = 30_000;
