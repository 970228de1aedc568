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
import { subscriptionQuery } from '#app/features/account/subscription.ts';
import { accessRedirect } from './auth/access.ts';
import { storedToken } from './auth/token.ts';
import { NotFound } from './components/NotFound.tsx';
import {
  analyzerSearch,
  asText,
  idParam,
  oneOf,
  optionalId,
  optionalSymbol,
  planIdParam,
  pricingSearch,
  scanSearch,
  thankYouSearch,
  tradesSearch,
} from './route-params.ts';
import { SETTINGS_SECTIONS, type SettingsSection } from './screens/settings/sections.ts';
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

const route = <TPath extends string>(
  path: TPath,
  component: Parameters<typeof lazyRouteComponent>[0],
  name: string,
) => createRoute({ getParentRoute: () => rootRoute, path, component: lazyRouteComponent(component, name) });

const redirectRoute = <TPath extends string>(
  path: TPath,
  to: (params: Record<string, string | undefined>) => string,
) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: ({ params }) => {
      throw redirect({ href: to(params as Record<string, string | undefined>), replace: true });
    },
  });

const optional = (value: string | undefined) => (value ? `/${encodeURIComponent(value)}` : '');

/** A route whose parameters parsed to null (not valid) is not found. */
const requireValid = ({ params }: { params: Record<string, unknown> }) => {
  if (Object.values(params).some((v) => v === null)) throw notFound();
};

const screener = () => import('./screens/screener/ScreenerScreen.tsx');
const scan = () => import('./screens/scan/ScanScreen.tsx');
const signIn = () => import('./screens/signin/SignInScreen.tsx');
const order = () => import('./screens/order/OrderScreen.tsx');
const isIntegration = oneOf(['excel', 'sheets'] as const);
const isSection = oneOf(Object.keys(SETTINGS_SECTIONS) as SettingsSection[]);

const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings/$section',
  params: {
    parse: (p: { section: string }) => ({ section: isSection(p.section) }),
    stringify: (p: { section: SettingsSection | null }) => ({ section: p.section ?? '' }),
  },
  beforeLoad: ({ params, location }) => {
    // Legacy: the add-in pages used to live under settings.
    const legacy = /^\/settings\/(excel|sheets)$/.exec(location.pathname)?.[1];
    if (legacy) throw redirect({ href: `/integrations/${legacy}`, replace: true });
    requireValid({ params });
  },
  component: lazyRouteComponent(() => import('./screens/settings/SettingsScreen.tsx'), 'SettingsScreen'),
});

const routeTree = rootRoute.addChildren([
  redirectRoute('/', () => '/screener'),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/screener',
    // The lists start loading alongside the screen's code; not awaited, so cached lists (offline
    // too) show at once. The screen reads them with the same query options.
    loader: ({ context }) => {
      void import('./features/screener/queries.ts').then(({ scanListsQuery }) =>
        context.queryClient.prefetchQuery(scanListsQuery()),
      );
    },
    component: lazyRouteComponent(screener, 'ScreenerScreen'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/screener/scan/{-$scanId}/{-$symbol}',
    params: {
      parse: (p: { scanId?: string; symbol?: string }) => ({
        scanId: optionalId(p.scanId),
        symbol: optionalSymbol(p.symbol),
      }),
      stringify: (p: { scanId?: number | null; symbol?: string | null }) => ({
        scanId: asText(p.scanId),
        symbol: asText(p.symbol),
      }),
    },
    validateSearch: scanSearch,
    beforeLoad: requireValid,
    component: lazyRouteComponent(scan, 'ScanScreen'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/analyzer/{-$symbol}',
    params: {
      parse: (p: { symbol?: string }) => ({ symbol: optionalSymbol(p.symbol) }),
      stringify: (p: { symbol?: string | null }) => ({ symbol: asText(p.symbol) }),
    },
    validateSearch: analyzerSearch,
    beforeLoad: requireValid,
    component: lazyRouteComponent(() => import('./screens/analyzer/AnalyzerScreen.tsx'), 'AnalyzerScreen'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/trades',
    validateSearch: tradesSearch,
    component: lazyRouteComponent(() => import('./screens/trades/TradesScreen.tsx'), 'TradesScreen'),
  }),
  // One route per mode of the order editor; each hands its mode to the screen.
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/order/open/$ticket',
    component: lazyRouteComponent(order, 'OrderTicketRoute'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/order/close/$openingOrderId',
    params: {
      parse: (p: { openingOrderId: string }) => ({ openingOrderId: idParam(p.openingOrderId) }),
      stringify: (p: { openingOrderId: number | null }) => ({ openingOrderId: String(p.openingOrderId) }),
    },
    beforeLoad: requireValid,
    component: lazyRouteComponent(order, 'OrderCloseRoute'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/order/edit/{-$orderId}',
    params: {
      parse: (p: { orderId?: string }) => ({ orderId: optionalId(p.orderId) }),
      stringify: (p: { orderId?: number | null }) => ({ orderId: asText(p.orderId) }),
    },
    beforeLoad: requireValid,
    component: lazyRouteComponent(order, 'OrderEditRoute'),
  }),
  redirectRoute('/integrations', () => '/integrations/excel'),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/integrations/$view',
    params: {
      parse: (p: { view: string }) => ({ view: isIntegration(p.view) }),
      stringify: (p: { view: 'excel' | 'sheets' | null }) => ({ view: p.view ?? '' }),
    },
    beforeLoad: requireValid,
    component: lazyRouteComponent(
      () => import('./screens/integrations/IntegrationsScreen.tsx'),
      'IntegrationsScreen',
    ),
  }),
  redirectRoute('/settings', () => '/settings/universes'),
  settingsRoute,
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/pricing',
    validateSearch: pricingSearch,
    component: lazyRouteComponent(() => import('./screens/pricing/PricingScreen.tsx'), 'PricingScreen'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/checkout/$planId',
    params: {
      parse: (p: { planId: string }) => ({ planId: planIdParam(p.planId) ?? null }),
      stringify: (p: { planId: number | null }) => ({ planId: String(p.planId) }),
    },
    // Checked in the loader, not beforeLoad: a not-found thrown there is this route's own, so it
    // says which thing does not exist (a plan) and leads to the plans on offer. Loaded lazily
    // like the screen, out of the first download.
    loader: requireValid,
    notFoundComponent: lazyRouteComponent(() => import('./screens/checkout/UnknownPlan.tsx'), 'UnknownPlan'),
    component: lazyRouteComponent(() => import('./screens/checkout/CheckoutScreen.tsx'), 'CheckoutScreen'),
  }),
  route('/account', () => import('./screens/account/AccountScreen.tsx'), 'AccountScreen'),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/thankyou/{-$planId}',
    params: {
      parse: (p: { planId?: string }) => ({ planId: planIdParam(p.planId) }),
      stringify: (p: { planId?: number | null }) => ({ planId: asText(p.planId) }),
    },
    validateSearch: thankYouSearch,
    beforeLoad: requireValid,
    component: lazyRouteComponent(() => import('./screens/thankyou/ThankYouScreen.tsx'), 'ThankYouScreen'),
  }),
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
