/**
 * Ionic components the entry chunk does not carry, used straight from @ionic/core as custom
 * elements inside lazy screens (the @ionic/react wrapper of any component lands in the entry
 * chunk, which is held to 200 KB gzip). React 19 passes properties to custom elements and
 * listens to `on<event>` props as the element's own events (`onionChange` → `ionChange`).
 */
import { defineCustomElement as defineSegment } from '@ionic/core/components/ion-segment.js';
import { defineCustomElement as defineSegmentButton } from '@ionic/core/components/ion-segment-button.js';
import { createElement } from 'react';

defineSegment();
defineSegmentButton();

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
  return createElement(
    'ion-segment',
    {
      value,
      'aria-label': label,
      onionChange: (event: CustomEvent<{ value?: string | number }>) => {
        const next = String(event.detail.value ?? '');
        const option = options.find((o) => o.value === next);
        if (option && option.value !== value) onChange(option.value);
      },
    },
    options.map((o) => createElement('ion-segment-button', { key: o.value, value: o.value }, o.label)),
  );
}
