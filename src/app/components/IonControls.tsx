/**
 * Ionic's checkbox for lazy screens, as a custom element straight from @ionic/core (the
 * @ionic/react wrapper would land in the entry chunk; see IonCore.tsx). React 19 sets `checked`
 * as a property and listens to `onionChange` as the element's `ionChange` event. The element is
 * defined once the first screen shows its content (`later-elements.ts`); a click before that
 * still toggles it.
 */
import { createElement } from 'react';
import { defineLaterElements, undefinedElement } from './later-elements.ts';

void defineLaterElements();

interface ControlProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: React.ReactNode;
  disabled?: boolean;
}

/** A checkbox (`ion-checkbox`) with its label after it. */
export const Checkbox = ({ checked, onChange, children, disabled = false }: ControlProps) =>
  createElement(
    'ion-checkbox',
    {
      checked,
      disabled,
      'label-placement': 'end',
      justify: 'start',
      onionChange: (event: CustomEvent<{ checked: boolean }>) => {
        if (event.detail.checked !== checked) onChange(event.detail.checked);
      },
      onClick: () => {
        if (undefinedElement('ion-checkbox') && !disabled) onChange(!checked);
      },
    },
    children,
  );
