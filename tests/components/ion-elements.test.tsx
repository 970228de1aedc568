/**
 * Ionic's elements as the app draws them (components/IonElements.tsx): text props reach the
 * element as attributes too, the tab bar selects the tab holding the current path, a click on an
 * element not defined yet does what the defined one's would, icons are drawn inline, and the
 * popover's code loads only once one opens. Nothing here defines the button or the tab elements
 * (as before the first content: components/later-elements.ts).
 */
import { initialize } from '@ionic/core/components';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { search } from 'ionicons/icons';
import { beforeAll, describe, expect, test, vi } from 'vitest';
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

  test('before the elements are defined: the selected tab is marked, a tab opens, a submit button submits', () => {
    expect(customElements.get('ion-tab-button')).toBeUndefined();
    expect(customElements.get('ion-button')).toBeUndefined();
    const open = vi.fn();
    const submit = vi.fn((e: React.FormEvent) => e.preventDefault());
    const { container } = render(
      <>
        <IonTabBar routeInfo={{ pathname: '/trades' }}>
          <IonTabButton tab="screener" href="/screener" onClick={open} />
          <IonTabButton tab="trades" href="/trades" />
        </IonTabBar>
        <form onSubmit={submit}>
          <IonButton type="submit">Save</IonButton>
          <IonButton>Other</IonButton>
        </form>
      </>,
    );
    const tab = (name: string) => container.querySelector(`ion-tab-button[tab="${name}"]`);
    expect(tab('trades')?.hasAttribute('data-selected')).toBe(true);
    expect(tab('screener')?.hasAttribute('data-selected')).toBe(false);
    fireEvent.click(tab('screener') as Element);
    expect(open).toHaveBeenCalledOnce();
    const [save, other] = container.querySelectorAll('ion-button');
    fireEvent.click(other as Element);
    expect(submit).not.toHaveBeenCalled();
    fireEvent.click(save as Element);
    expect(submit).toHaveBeenCalledOnce();
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
    // Presented, not only drawn: unmounted mid-presentation, Ionic's overlay loses its delegate.
    const presented = new Promise((resolve) => document.addEventListener('ionPopoverDidPresent', resolve));
    rerender(popover(true));
    await waitFor(() => expect(document.querySelector('ion-popover')).not.toBeNull(), { timeout: 15_000 });
    await presented;
  });
});
