/** The user's add-in token (docs/ADDIN.md): whether there is one, a new one (shown once), revoking. */
import { queryOptions } from '@tanstack/react-query';
import { ADDIN_CALLS } from '#api/contract/addin.ts';
import { apiCaller } from '#app/api/api-caller.ts';

const call = apiCaller(ADDIN_CALLS);

export const addinTokenQuery = () =>
  queryOptions({
    queryKey: ['addin', 'token'] as const,
    queryFn: ({ signal }) => call('addin.tokenState', {}, signal),
  });

export const newAddinToken = () => call('addin.newToken', {});
export const revokeAddinToken = () => call('addin.revokeToken', {});
