/**
 * The order editor, 'New Order' (spec 3 §2, §4, §5, §8). Its mode comes from the route:
 * /order/edit (new), /order/open/{ticket} (new from a ticket), /order/edit/{orderId} (adjust an
 * open or a closed order), /order/close/{openingOrderId} (close a position). The domain's
 * ORDER_MODE_RULES and editableFields decide what can change, where limit prices start, what
 * the effect field shows, and whether the order is recalculated, charted and exported.
 */
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { OrderAnswer } from '#api/trades.ts';
import { Spinner } from '#app/components/IonSpinner.tsx';
import { ScreenTitle } from '#app/components/ScreenTitle.tsx';
import { orderQuery } from '#app/features/trades/queries.ts';
import type { OrderCloseParams, OrderEditParams, OrderTicketParams } from '#app/route-params.ts';
import { parseContractId } from '#domain/contracts/contract-id.ts';
import { DomainError, ERROR_CATALOGUE } from '#domain/errors.ts';
import { OrderMode } from '#domain/orders/order-modes.ts';
import { closingLegs } from '#domain/orders/position-pl.ts';
import { decodeTicket } from '#domain/orders/ticket.ts';
import { isStrategyKey } from '#domain/strategies/strategy-key.ts';
import { type EditorInit, OrderEditor } from './OrderEditor.tsx';
import { editorLegs } from './order-draft.ts';
import '#app/components/forms.css';
import '#app/components/tables.css';
import '../trades/trades.css';
import './order.css';

/** What the editor opens on; each route says its own (the router has parsed and checked its ids). */
type Route =
  | { readonly kind: 'new' }
  | { readonly kind: 'ticket'; readonly ticket: string }
  | { readonly kind: 'edit'; readonly orderId: number }
  | { readonly kind: 'close'; readonly orderId: number };

const ticketRoute = getRouteApi('/order/open/$ticket');
const closeRoute = getRouteApi('/order/close/$openingOrderId');
const editRoute = getRouteApi('/order/edit/{-$orderId}');

/** /order/open/{ticket}: a new order from a ticket. */
export function OrderTicketRoute() {
  const { ticket }: OrderTicketParams = ticketRoute.useParams();
  return <OrderScreen route={{ kind: 'ticket', ticket }} />;
}

/** /order/close/{openingOrderId}: closing a position. */
export function OrderCloseRoute() {
  const { openingOrderId }: OrderCloseParams = closeRoute.useParams();
  return <OrderScreen route={openingOrderId === null ? null : { kind: 'close', orderId: openingOrderId }} />;
}

/** /order/edit (a new order) and /order/edit/{orderId} (adjusting one). */
export function OrderEditRoute() {
  const { orderId }: OrderEditParams = editRoute.useParams();
  return (
    <OrderScreen
      route={orderId === undefined ? { kind: 'new' } : orderId === null ? null : { kind: 'edit', orderId }}
    />
  );
}

/** The editor's starting point from a ticket; throws a DomainError naming what is wrong. */
function fromTicket(text: string): EditorInit {
  const ticket = decodeTicket(text);
  // Any order strategy: the analyzer's long and short stock open here too (spec 2 §3.1).
  if (!isStrategyKey(ticket.strategy)) {
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

function OrderScreen({ route }: { route: Route | null }) {
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
      // A new route (another order, another mode) starts a new editor.
      <OrderEditor key={JSON.stringify(route)} init={init} />
    ) : null;
  }
  return (
    <>
      <ScreenTitle title="New Order" />
      {body}
    </>
  );
}
