/**
 * Ionic's segment for lazy screens, as a custom element straight from @ionic/core (the
 * @ionic/react wrapper of any component lands in the entry chunk). React 19 passes properties to
 * custom elements and listens to `on<event>` props as the element's own events (`onionChange` →
 * `ionChange`). The element is defined once the first screen shows its content
 * (`later-elements.ts`); a click before that still switches.
 */
import { createElement } from 'react';
import { defineLaterElements, undefinedElement } from './later-elements.ts';

void defineLaterElements();

export interface SegmentOption<T extends string> {
  readonly value: T;
  readonly label: string;
}

/** A segmented toggle (`ion-segment`). */
export function Segment<T extends string>({
  value,
  options,
  onChange,
  label,
}: {
  value: T;
  options: readonly SegmentOption<T>[];
  onChange: (value: T) => void;
  label: string;
}) {
  const choose = (next: string) => {
    const option = options.find((o) => o.value === next);
    if (option && option.value !== value) onChange(option.value);
  };
  return createElement(
    'ion-segment',
    {
      value,
      'aria-label': label,
      onionChange: (event: CustomEvent<{ value?: string | number }>) =>
        choose(String(event.detail.value ?? '')),
      onClick: (event: React.MouseEvent) => {
        if (!undefinedElement('ion-segment') || !(event.target instanceof Element)) return;
        const button = event.target.closest('ion-segment-button');
        if (button) choose(button.getAttribute('value') ?? '');
      },
    },
    options.map((o) =>
      createElement(
        'ion-segment-button',
        // Marks the chosen button for its look before the element is defined.
        { key: o.value, value: o.value, 'data-checked': o.value === value ? '' : undefined },
        o.label,
      ),
    ),
  );
}
