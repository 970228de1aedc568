/**
 * A stand-in for the server in jsdom: `fetch` answers the API paths given (JSON 200, or a
 * Response as is) and 404 for the rest; public calls the shell makes (system message) answer
 * 204 unless given. Restore with `vi.unstubAllGlobals()`.
 */
import { vi } from 'vitest';
import type { SubscriptionAnswer } from '#api/account.ts';

export const TRIAL_SUBSCRIPTION: SubscriptionAnswer = {
  status: 0,
  planId: null,
  goodUntilDays: 14,
  scanCount: 0,
  signup: false,
  guid: '00000000-0000-4000-8000-000000000000',
  processor: null,
};

export function stubApi(answers: Record<string, unknown>): ReturnType<typeof vi.fn> {
  const fetchStub = vi.fn(async (input: string) => {
    const path = new URL(input, 'http://app.test').pathname.replace(/^\/api\/v1/, '');
    if (path in answers) {
      const answer = answers[path];
      return answer instanceof Response ? answer.clone() : Response.json(answer);
    }
    if (path === '/system/message') return new Response(null, { status: 204 });
    return Response.json({ code: 'NOT_FOUND', message: 'not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}
