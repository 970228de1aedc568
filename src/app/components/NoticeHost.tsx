import { IonToast } from '@ionic/react';
import { useEffect, useState } from 'react';
import { dismiss, type Notice, subscribeNotices } from './notices.ts';

/** Shows the oldest pending notice as an Ionic toast. */
export function NoticeHost() {
  const [pending, setPending] = useState<readonly Notice[]>([]);
  useEffect(() => subscribeNotices(setPending), []);
  const notice = pending[0];
  if (!notice) return null;
  const { action } = notice;
  return (
    <IonToast
      key={notice.id}
      isOpen
      message={notice.message}
      color={notice.color ?? 'danger'}
      duration={notice.duration}
      position="top"
      buttons={[
        ...(action ? [{ text: action.label, handler: action.run }] : []),
        { text: 'Dismiss', role: 'cancel' },
      ]}
      onDidDismiss={() => dismiss(notice.id)}
    />
  );
}
