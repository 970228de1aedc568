/**
 * WATCH and STOP WATCHING (spec 2 §4.6, §6, §8; docs/WATCHING.md): the popover says how many
 * scans the user watches out of the plan's allowance, what watching does, and whether alerts reach
 * this device; a plan without watching is offered the upgrade instead. A failed watch opens its
 * error (WATCHING_TOO_EXPENSIVE or another), whose Confirm stops watching. Every answer replaces
 * the scan's watch in the cache and refreshes the lists and the usage counts ("a watch toggle
 * reloads the scan"). Loaded on first opening.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Scan, ScanWatch } from '#api/screener-model.ts';
import { AppLink } from '#app/components/AppLink.tsx';
import { Dialog } from '#app/components/Dialog.tsx';
import { errorMessageOf } from '#app/components/error-message.ts';
import { notify } from '#app/components/notices.ts';
import { accountKeys } from '#app/features/account/keys.ts';
import {
  DEVICE_ALERTS_TEXT,
  type DeviceAlerts,
  deviceAlerts,
  turnOffDeviceAlerts,
  turnOnDeviceAlerts,
} from '#app/features/alerts/device-alerts.ts';
import { screenerKeys } from '#app/features/screener/keys.ts';
import { screenerApi } from '#app/features/screener/mutations.ts';
import { hasRoom } from '#domain/plans/plan-limits.ts';
import { watchingText } from '#domain/plans/usage-stats.ts';
import { WATCH_TOP_TRADES } from '#domain/watching/new-trades.ts';
import { Button } from './controls.tsx';

export const WATCH_EXPLAINED = `While the market is open, this scan is checked every 15 minutes. When trades enter its top ${WATCH_TOP_TRADES}, you get an e-mail and, on devices with alerts on, a notification.`;
export const WATCH_UPGRADE =
  'Watching scans comes with the Advanced plan: an alert when new trades show up in a scan.';
const WATCH_FULL =
  'You watch as many scans as your plan allows. Stop watching another scan to watch this one.';

/** The errors of a failed watch (spec 2 §8). */
export const WATCH_ERRORS: Readonly<Record<string, { title: string; text: string }>> = {
  WATCHING_TOO_EXPENSIVE: {
    title: 'This scan takes too long to monitor.',
    text: 'This scan is too resource intensive to be monitored. Use a specific watchlist or fewer expiration cycles, save the scan and try again.',
  },
  other: {
    title: 'An error has occurred.',
    text: 'Stop watching this scan, refresh the page and watch it again. If it keeps happening, please contact support.',
  },
};

/** What went wrong with the last action, if anything. */
const Problem = ({ text }: { text: string | null }) =>
  text === null ? null : (
    <p className="field-error" role="alert">
      {text}
    </p>
  );

export function WatchDialog({ scan, onClose }: { scan: Scan; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [watch, setWatch] = useState<ScanWatch>(scan.watch);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [device, setDevice] = useState<DeviceAlerts | 'checking' | 'asking'>('checking');

  useEffect(() => {
    let live = true;
    deviceAlerts()
      .catch((): DeviceAlerts => 'unsupported')
      .then((state) => live && setDevice(state));
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (on: boolean) => {
    setPending(true);
    setProblem(null);
    try {
      const next = await screenerApi.setWatch(scan.id, on);
      setWatch(next);
      queryClient.setQueryData<Scan>(screenerKeys.scan(scan.id), (s) => s && { ...s, watch: next });
      void queryClient.invalidateQueries({ queryKey: screenerKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: accountKeys.usageStats() });
      if (next.status === true) notify({ message: 'Watching this scan.', color: 'primary' });
      if (next.status === false) {
        notify({ message: 'Stopped watching this scan.', color: 'primary' });
        onClose();
      }
    } catch (error) {
      setProblem(errorMessageOf(error));
    } finally {
      setPending(false);
    }
  };

  const changeDevice = async (on: boolean) => {
    setDevice('asking');
    setProblem(null);
    try {
      setDevice(on ? await turnOnDeviceAlerts() : await turnOffDeviceAlerts());
    } catch (error) {
      setDevice(await deviceAlerts().catch((): DeviceAlerts => 'unsupported'));
      setProblem(error instanceof Error && !('code' in error) ? error.message : errorMessageOf(error));
    }
  };

  if (typeof watch.status === 'string') {
    const error = WATCH_ERRORS[watch.status] ?? WATCH_ERRORS.other!;
    return (
      <Dialog
        title={error.title}
        className="watch-dialog"
        onClose={onClose}
        actions={
          <Button disabled={pending} onClick={() => void toggle(false)}>
            CONFIRM
          </Button>
        }
      >
        <p>{error.text}</p>
        <p>Confirm stops watching this scan.</p>
        <Problem text={problem} />
      </Dialog>
    );
  }

  const counter = watchingText({ maxWatchingScans: watch.maxCount, usedWatchingScans: watch.usedCount });
  if (counter === null) {
    return (
      <Dialog
        title="Watch this scan"
        className="watch-dialog"
        onClose={onClose}
        actions={
          <Button fill="clear" onClick={onClose}>
            CLOSE
          </Button>
        }
      >
        <p>{WATCH_UPGRADE}</p>
        <AppLink href="/pricing">See the plans</AppLink>
      </Dialog>
    );
  }

  const watching = watch.status === true;
  const full = !watching && !hasRoom(watch.usedCount, watch.maxCount);
  const deviceReady = device !== 'checking' && device !== 'asking';
  return (
    <Dialog
      title={watching ? 'Watching this scan' : 'Watch this scan'}
      className="watch-dialog"
      onClose={onClose}
      actions={
        <>
          <Button fill="clear" onClick={onClose}>
            CANCEL
          </Button>
          <Button disabled={pending || full} onClick={() => void toggle(!watching)}>
            {watching ? 'STOP WATCHING' : 'WATCH'}
          </Button>
        </>
      }
    >
      <p className="watch-counter">{counter}</p>
      <p>{WATCH_EXPLAINED}</p>
      {full && <p className="field-error">{WATCH_FULL}</p>}
      <div className="watch-device" aria-live="polite">
        <p>{deviceReady ? DEVICE_ALERTS_TEXT[device] : 'Checking alerts on this device…'}</p>
        {(device === 'off' || device === 'on') && (
          <Button fill="outline" onClick={() => void changeDevice(device === 'off')}>
            {device === 'off' ? 'TURN ON ALERTS HERE' : 'TURN OFF ALERTS HERE'}
          </Button>
        )}
      </div>
      <Problem text={problem} />
    </Dialog>
  );
}
