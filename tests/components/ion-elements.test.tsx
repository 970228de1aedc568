/**
 * Ionic's elements as the app draws them (components/IonElements.tsx): text props reach the
 * element as attributes too, the tab bar selects the tab holding the current path, icons are drawn
 * inline, and the popover's code loads only once one opens.
 */
import { initialize } from '@ionic/core/components';
import { render, waitFor } from '@testing-library/react';
import { search } from 'ionicons/icons';
import { beforeAll, describe, expect, test } from 'vitest';
import { IonButton, IonIcon, IonPopover, IonTabBar, IonTabButton } from '#app/components/IonElements.tsx';

beforeAll(() => initialize({ mode: 'md' }));

describe('IonElements', () => {
  test("text and boolean props are the element's attributes, as with Ionic's wrappers; a prop that goes away is removed", () => {
    const { container, rerender } = render(
      <IonButton fill="clear" size="small" disabled>
        Go
      </IonButton>,
    );
    const button = container.querySelector('ion-button');
    expect(button?.getAttribute('fill')).toBe('clear');
    expect(button?.getAttribute('size')).toBe('small');
    expect(button?.hasAttribute('disabled')).toBe(true);
    rerender(<IonButton fill="clear">Go</IonButton>);
    expect(button?.getAttribute('size')).toBeNull();
    expect(button?.hasAttribute('disabled')).toBe(false);
  });

  test('the tab bar selects the tab whose address holds the current path', () => {
    const bar = (pathname: string) => (
      <IonTabBar routeInfo={{ pathname }}>
        <IonTabButton tab="screener" href="/screener" />
        <IonTabButton tab="trades" href="/trades" />
      </IonTabBar>
    );
    const { container, rerender } = render(bar('/screener/scan/4'));
    const tabBar = container.querySelector('ion-tab-bar');
    expect(tabBar?.getAttribute('selected-tab')).toBe('screener');
    rerender(bar('/trades'));
    expect(tabBar?.getAttribute('selected-tab')).toBe('trades');
    rerender(bar('/tradesman'));
    expect(tabBar?.hasAttribute('selected-tab')).toBe(false);
    expect(container.querySelector('ion-tab-button[tab="trades"]')).not.toBeNull();
  });

  test('an icon is drawn inside its element, from its ionicons constant', () => {
    const { container } = render(<IonIcon icon={search} aria-hidden="true" />);
    const svg = container.querySelector('ion-icon > svg.ionicon');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 512 512');
    expect(container.querySelector('ion-icon')?.getAttribute('aria-hidden')).toBe('true');
  });

  test('a closed popover draws nothing; opened, it draws its content', async () => {
    const popover = (isOpen: boolean) => (
      <IonPopover isOpen={isOpen}>
        <p>Menu</p>
      </IonPopover>
    );
    const { container, rerender } = render(popover(false));
    expect(container.innerHTML).toBe('');
    rerender(popover(true));
    await waitFor(() => expect(document.querySelector('ion-popover')).not.toBeNull(), { timeout: 15_000 });
  });
});
