/**
 * The route tree: every route of spec 1 §2 and spec 3 §2, the legacy redirects, and the
 * not-found page. Screens load lazily so the first paint carries only the shell.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  notFound,
  redirect,
} from '@tanstack/react-router';
import { subscriptionQuery } from './api/account.ts';
import { accessRedirect } from './auth/access.ts';
import { storedToken } from './auth/token.ts';
import { NotFound } from './components/NotFound.tsx';
import { isSettingsSection } from './screens/settings/sections.ts';
import { Shell } from './shell/Shell.tsx';

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Shell,
  notFoundComponent: NotFound,
  // Access rules (spec 1 §4, §5): a stored token for every non-public screen, and only the
  // subscription pages once the trial or subscription has ended (from the cached answer; the
  // shell re-applies the rule when a fresh one arrives).
  beforeLoad: ({ location, context }) => {
    const status = context.queryClient.getQueryData(subscriptionQuery().queryKey)?.status;
    const to = accessRedirect(location.pathname, location.href, storedToken() !== null, status);
    if (to) throw redirect({ href: to, replace: true });
  },
});

const route = (path: string, component: Parameters<typeof lazyRouteComponent>[0], name: string) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: lazyRouteComponent(component, name) });

const redirectRoute = (path: string, to: (params: Record<string, string | undefined>) => string) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: ({ params }) => {
      throw redirect({ href: to(params as Record<string, string | undefined>), replace: true });
    },
  });

const optional = (value: string | undefined) => (value ? `/${encodeURIComponent(value)}` : '');

const screener = () => import('./screens/screener/ScreenerScreen.tsx');
const scan = () => import('./screens/scan/ScanScreen.tsx');
const signIn = () => import('./screens/signin/SignInScreen.tsx');

const routeTree = rootRoute.addChildren([
  redirectRoute('/', () => '/screener'),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/screener',
    // The lists start loading alongside the screen's code; not awaited, so cached lists (offline
    // too) show at once. The screen reads them with the same query options.
    loader: ({ context }) => {
      void import('./api/screener.ts').then(({ scanListsQuery }) =>
        context.queryClient.prefetchQuery(scanListsQuery()),
      );
    },
    component: lazyRouteComponent(screener, 'ScreenerScreen'),
  }),
  route('/screener/scan/{-$scanId}/{-$symbol}', scan, 'ScanScreen'),
  route('/analyzer/{-$symbol}', () => import('./screens/analyzer/AnalyzerScreen.tsx'), 'AnalyzerScreen'),
  route('/trades', () => import('./screens/trades/TradesScreen.tsx'), 'TradesScreen'),
  route('/order/open/$ticket', () => import('./screens/order/OrderScreen.tsx'), 'OrderScreen'),
  route('/order/close/$openingOrderId', () => import('./screens/order/OrderScreen.tsx'), 'OrderScreen'),
  route('/order/edit/{-$orderId}', () => import('./screens/order/OrderScreen.tsx'), 'OrderScreen'),
  redirectRoute('/integrations', () => '/integrations/excel'),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/integrations/$view',
    beforeLoad: ({ params }) => {
      if (params.view !== 'excel' && params.view !== 'sheets') throw notFound();
    },
    component: lazyRouteComponent(
      () => import('./screens/integrations/IntegrationsScreen.tsx'),
      'IntegrationsScreen',
    ),
  }),
  redirectRoute('/settings', () => '/settings/universes'),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/settings/$section',
    beforeLoad: ({ params }) => {
      // Legacy: the add-in pages used to live under settings.
      if (params.section === 'excel' || params.section === 'sheets') {
        throw redirect({ href: `/integrations/${params.section}`, replace: true });
      }
      if (!isSettingsSection(params.section)) throw notFound();
    },
    component: lazyRouteComponent(() => import('./screens/settings/SettingsScreen.tsx'), 'SettingsScreen'),
  }),
  route('/pricing', () => import('./screens/pricing/PricingScreen.tsx'), 'PricingScreen'),
  route('/checkout/$planId', () => import('./screens/checkout/CheckoutScreen.tsx'), 'CheckoutScreen'),
  route('/account', () => import('./screens/account/AccountScreen.tsx'), 'AccountScreen'),
  route('/thankyou/{-$planId}', () => import('./screens/thankyou/ThankYouScreen.tsx'), 'ThankYouScreen'),
  route('/signin', signIn, 'SignInScreen'),
  route('/signup', signIn, 'SignInScreen'),
  route('/auth', () => import('./screens/auth/AuthScreen.tsx'), 'AuthScreen'),
  redirectRoute('/verified', () => '/'),
  route('/terms', () => import('./screens/terms/TermsScreen.tsx'), 'TermsScreen'),
  // Legacy redirects (spec 1 §2).
  redirectRoute('/scan/view/$scanId', (p) => `/screener/scan${optional(p.scanId)}`),
  redirectRoute('/scan/edit/{-$scanId}', (p) => `/screener/scan${optional(p.scanId)}`),
  redirectRoute('/scan/$scanId', (p) => `/screener/scan${optional(p.scanId)}`),
  redirectRoute('/scenario/{-$symbol}', (p) => `/analyzer${optional(p.symbol)}`),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
