/**
 * Settings → Appearance (spec 3 §2): Light, Dark or Device, applied at once, remembered on this
 * device and in the account; and, when the browser offers it, installing the app.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { promptInstall, useInstallOffer } from '#app/pwa/install.ts';
import { saveAccountAppearance } from '#app/theme/account-appearance.ts';
import {
  APPEARANCE_MODES,
  type AppearanceMode,
  chooseAppearance,
  storedAppearance,
} from '#app/theme/appearance.ts';
import '#app/components/forms.css';

export const APPEARANCE_LABELS: Record<AppearanceMode, string> = {
  light: 'Light',
  dark: 'Dark',
  device: 'Device',
};

export function AppearanceSection() {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<AppearanceMode>(() => storedAppearance() ?? 'device');
  const installable = useInstallOffer();
  const choose = (next: AppearanceMode) => {
    setMode(next);
    chooseAppearance(next);
    void saveAccountAppearance(queryClient, next);
  };
  return (
    <section className="appearance-section" aria-label="Appearance">
      <div className="section-head">
        <h2>Appearance</h2>
      </div>
      <fieldset className="appearance-modes">
        <legend>Mode</legend>
        {APPEARANCE_MODES.map((m) => (
          <label key={m} className="field inline">
            <input
              type="radio"
              name="appearance-mode"
              value={m}
              checked={mode === m}
              onChange={() => choose(m)}
            />
            {APPEARANCE_LABELS[m]}
          </label>
        ))}
      </fieldset>
      <p className="hint">Device follows your phone's or computer's light or dark setting.</p>
      {installable && (
        <div className="install-app">
          <h2>App</h2>
          <p className="hint">Install OptionScout to open it from your home screen or dock, like any app.</p>
          <button type="button" className="action-button" onClick={() => void promptInstall()}>
            Install app
          </button>
        </div>
      )}
    </section>
  );
}
