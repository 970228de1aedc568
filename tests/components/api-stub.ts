/**
 * A stand-in for the server in jsdom: `fetch` answers the API paths given (JSON 200, a Response
 * as is, or a `PerCall` that answers each call by its method and body) and 404 for the rest;
 * public calls the shell makes (system message) answer 204 unless given. Restore with
 * `vi.unstubAllGlobals()`.
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

/** What a path's answer may depend on: a call that answers per method or body. */
export interface StubRequest {
  readonly method: string;
  readonly body: unknown;
}

/** An answer computed for each call, e.g. a preview (`dryRun: true`) and the change itself. */
export class PerCall {
  readonly answer: (request: StubRequest) => unknown;
  constructor(answer: (request: StubRequest) => unknown) {
    this.answer = answer;
  }
}

export function stubApi(answers: Record<string, unknown>): ReturnType<typeof vi.fn> {
  const fetchStub = vi.fn(async (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://app.test').pathname.replace(/^\/api\/v1/, '');
    if (path in answers) {
      const given = answers[path];
      const answer =
        given instanceof PerCall
          ? given.answer({
              method: init?.method ?? 'GET',
              body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
            })
          : given;
      return answer instanceof Response ? answer.clone() : Response.json(answer);
    }
    if (path === '/system/message') return new Response(null, { status: 204 });
    return Response.json({ code: 'NOT_FOUND', message: 'not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}
