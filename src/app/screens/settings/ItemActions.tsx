/** The Edit and Delete buttons of an item in a Settings list (trading accounts, universes). */
import { IonButton } from '#app/components/IonElements.tsx';

export function ItemActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="item-actions">
      <IonButton size="small" fill="outline" onClick={onEdit}>
        Edit
      </IonButton>
      <IonButton size="small" fill="outline" color="danger" onClick={onDelete}>
        Delete
      </IonButton>
    </div>
  );
}
