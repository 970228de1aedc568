import { z } from 'zod';

/**
 * `POST /api/v1/dev/clock` (test and development servers only): moves the server's business
 * clock, which ends trials and billing periods, by an offset from the real time.
 */
export const devClockRequestSchema = z.strictObject({
  offsetDays: z.number().min(-3650).max(3650),
});
export type DevClockRequest = z.infer<typeof devClockRequestSchema>;

export interface DevClockState {
  /** Business time, ISO 8601. */
  now: string;
  offsetMs: number;
}
