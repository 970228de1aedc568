/** Set by vite.config.ts: the app version plus build time; a new build busts the persisted cache. */
declare const __APP_BUILD__: string;
