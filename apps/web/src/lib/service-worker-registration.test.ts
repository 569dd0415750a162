import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isBlockedByBrowser,
  registerServiceWorker,
  serviceWorkerBlockedMessage,
  serviceWorkerBlockedTitle,
} from './service-worker-registration.ts';
import { serviceWorkerUrl } from './service-worker-version.ts';

function withRegister(register: (url: string, options: RegistrationOptions) => Promise<unknown>) {
  vi.stubGlobal('navigator', { serviceWorker: { register } });
}

describe('registerServiceWorker', () => {
  afterEach(() => void vi.unstubAllGlobals());

  it('registers the current version for the whole app', async () => {
    const register = vi.fn(async () => ({ scope: '/' }));
    withRegister(register);
    const show = vi.fn();
    await registerServiceWorker(show);
    expect(register).toHaveBeenCalledWith(serviceWorkerUrl, { scope: '/' });
    expect(show).not.toHaveBeenCalled();
  });

  it('shows the service-worker-disabled message (spec §8) when the browser blocks it', async () => {
    withRegister(async () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const show = vi.fn();
    await expect(registerServiceWorker(show)).resolves.toBeNull();
    expect(show).toHaveBeenCalledWith({ title: serviceWorkerBlockedTitle, message: serviceWorkerBlockedMessage });
  });

  it('stays quiet when only the script could not be fetched (offline)', async () => {
    withRegister(async () => {
      throw new TypeError('Failed to fetch');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const show = vi.fn();
    await registerServiceWorker(show);
    expect(show).not.toHaveBeenCalled();
    expect(isBlockedByBrowser(new TypeError('x'))).toBe(false);
    warn.mockRestore();
  });
});
