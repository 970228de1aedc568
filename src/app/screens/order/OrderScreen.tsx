/**
 * The order editor, 'New Order' (spec 3 §2, §4, §5, §8). Its mode comes from the route:
 * /order/edit (new), /order/open/{ticket} (new from a ticket), /order/edit/{orderId} (adjust an
 * open or a closed order), /order/close/{openingOrderId} (close a position). The domain's
 * ORDER_MODE_RULES and editableFields decide what can change, where limit prices start, what
 * the effect field shows, and whether the order is recalculated, charted and exported.
 */
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouterState } from '@tanstack/react-router';
import type { OrderAnswer } from '#api/trades.ts';
import { orderQuery } from '#app/api/trades.ts';
import { Spinner } from '#app/components/IonCore.tsx';
import { ScreenTitle } from '#app/components/ScreenTitle.tsx';
import { parseContractId } from '#domain/contracts/contract-id.ts';
import { DomainError, ERROR_CATALOGUE } from '#domain/errors.ts';
import { OrderMode } from '#domain/orders/order-modes.ts';
import { closingLegs } from '#domain/orders/position-pl.ts';
import { decodeTicket } from '#domain/orders/ticket.ts';
import { isScreenerStrategyKey } from '#domain/strategies/strategy-key.ts';
import { type EditorInit, OrderEditor } from './OrderEditor.tsx';
import { editorLegs } from './order-draft.ts';
import '#app/components/forms.css';
import '#app/components/tables.css';
import '../trades/trades.css';

type Route =
  | { readonly kind: 'new' }
  | { readonly kind: 'ticket'; readonly ticket: string }
  | { readonly kind: 'edit'; readonly orderId: number }
  | { readonly kind: 'close'; readonly orderId: number };

function routeOf(pathname: string, params: Record<string, string | undefined>): Route | null {
  if (pathname.startsWith('/order/open/') && params.ticket) return { kind: 'ticket', ticket: params.ticket };
  const id = (raw: string | undefined) => (raw && /^\d+$/.test(raw) ? Number(raw) : null);
  if (pathname.startsWith('/order/close/')) {
    const orderId = id(params.openingOrderId);
    return orderId === null ? null : { kind: 'close', orderId };
  }
  if (params.orderId !== undefined) {
    const orderId = id(params.orderId);
    return orderId === null ? null : { kind: 'edit', orderId };
  }
  return { kind: 'new' };
}

/** The editor's starting point from a ticket; throws a DomainError naming what is wrong. */
function fromTicket(text: string): EditorInit {
  const ticket = decodeTicket(text);
  if (!isScreenerStrategyKey(ticket.strategy)) {
    throw new DomainError('BAD_REQUEST', {
      message: `Invalid trade ticket: unknown strategy '${ticket.strategy}'.`,
    });
  }
  const legs = ticket.legs.map((leg) => {
    try {
      return {
        contract: parseContractId(leg.contractId),
        quantity: leg.quantity,
        limitPrice: leg.limitPrice,
      };
    } catch {
      throw new DomainError('BAD_REQUEST', {
        message: `Invalid trade ticket: unknown contract '${leg.contractId}'.`,
      });
    }
  });
  const first = legs[0]?.contract;
  return {
    mode: OrderMode.NewFromTicket,
    accountId: null,
    symbol: first ? (first.kind === 'stock' ? first.symbol : first.underlying) : null,
    strategy: ticket.strategy,
    legs: editorLegs(legs),
    size: String(ticket.size),
    comment: '',
    stored: null,
  };
}

function fromStored(route: Route, stored: OrderAnswer): EditorInit {
  const base = {
    accountId: stored.accountId,
    symbol: stored.symbol,
    strategy: stored.strategy,
    size: String(stored.order.size),
    stored,
  };
  if (route.kind === 'close') {
    // The position's legs reversed, limit prices from the marks (0 where there is none).
    return {
      ...base,
      mode: OrderMode.Close,
      legs: editorLegs(closingLegs(stored.order.legs, stored.markPrices)),
      comment: '',
    };
  }
  return {
    ...base,
    mode: stored.closeDate === null ? OrderMode.AdjustOpen : OrderMode.AdjustClosed,
    legs: editorLegs(stored.order.legs),
    comment: stored.order.comment,
  };
}

const NEW_ORDER: EditorInit = {
  mode: OrderMode.New,
  accountId: null,
  symbol: null,
  strategy: null,
  legs: [],
  size: '1',
  comment: '',
  stored: null,
};

export function OrderScreen() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const route = routeOf(pathname, params);
  const storedId = route?.kind === 'edit' || route?.kind === 'close' ? route.orderId : null;
  const stored = useQuery({ ...orderQuery(storedId ?? 0), enabled: storedId !== null });

  let body: React.ReactNode;
  if (route === null) {
    body = <p className="field-error">The order was not found.</p>;
  } else if (storedId !== null && stored.isPending) {
    body = <Spinner />;
  } else if (storedId !== null && stored.isError) {
    body = <p className="field-error">{stored.error.message}</p>;
  } else if (route.kind === 'close' && stored.data?.closeDate) {
    // Closing an already closed position is refused (spec 3 §4).
    body = <p className="field-error">{ERROR_CATALOGUE.POSITION_CLOSED.message}</p>;
  } else {
    let init: EditorInit | null = null;
    let problem: string | null = null;
    if (route.kind === 'new') init = NEW_ORDER;
    else if (route.kind === 'ticket') {
      try {
        init = fromTicket(route.ticket);
      } catch (err) {
        problem = err instanceof Error ? err.message : String(err);
      }
    } else if (stored.data) init = fromStored(route, stored.data);
    body = problem ? (
      <p className="field-error">{problem}</p>
    ) : init ? (
      <OrderEditor key={pathname} init={init} />
    ) : null;
  }
  return (
    <>
      <ScreenTitle title="New Order" />
      {body}
    </>
  );
}
