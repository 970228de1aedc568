import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks these browser APIs that the router and the theme call.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

// findBy… and waitFor give up after 1 s by default: too short on a loaded two-core machine, where
// a screen's next render can take longer. A passing test still returns as soon as it sees its text.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
