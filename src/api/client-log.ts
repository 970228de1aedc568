import { z } from 'zod';

/** An error the app caught in the browser, reported so it shows up in the server's log. */
export const clientErrorReportSchema = z.strictObject({
  message: z.string().min(1).max(2000),
  stack: z.string().max(10_000).optional(),
  url: z.string().max(2000),
  appBuild: z.string().max(100),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
