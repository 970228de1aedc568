/** The results' "Scan on this device" choice (docs/OFFLINE.md, "Scans on the device"). */
import { chooseScanOnDevice, useScanOnDeviceChoice } from './device-run.ts';

export function DeviceScanToggle() {
  const chosen = useScanOnDeviceChoice();
  return (
    <label className="device-scan-toggle hint">
      <input type="checkbox" checked={chosen} onChange={(e) => chooseScanOnDevice(e.currentTarget.checked)} />
      Scan on this device
    </label>
  );
}
