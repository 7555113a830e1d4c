import { describe, expect, it } from 'vitest';
import { installOffer, isIos, type InstallContext } from '../../src/ui/pwa/install';

const phone: InstallContext = { canPrompt: true, standalone: false, touch: true, ios: false, dismissed: false };

describe('«Instalar la app»', () => {
  it('offers the browser’s install on phones and tablets when the browser offers it', () => {
    expect(installOffer(phone)).toBe('prompt');
  });
  it('shows the share-menu hint on iOS, which has no install event', () => {
    expect(installOffer({ ...phone, canPrompt: false, ios: true })).toBe('ios-hint');
  });
  it('offers nothing on a desk, once installed, after «Ahora no», or without a way to install', () => {
    expect(installOffer({ ...phone, touch: false })).toBeNull();
    expect(installOffer({ ...phone, standalone: true })).toBeNull();
    expect(installOffer({ ...phone, dismissed: true })).toBeNull();
    expect(installOffer({ ...phone, canPrompt: false })).toBeNull();
  });
  it('knows iPhones and iPads, also iPadOS that says it is a Mac', () => {
    expect(isIos('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe(false);
    expect(isIos('Mozilla/5.0 (Linux; Android 14; Pixel 7)', 5)).toBe(false);
  });
});
