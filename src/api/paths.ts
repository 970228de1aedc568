/** Where each part of the server lives; the app, the service worker and the server share these. */
export const API_BASE = '/api/v1';
export const HUB_BASE = '/hubs';
export const OIDC_BASE = '/oidc';
