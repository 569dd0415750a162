import { describe, expect, it } from 'vitest';
import { passkeyName } from './passkeys.ts';
import { passkeyMessages, passkeyNameMaxLength, suggestedPasskeyName } from './passkey-messages.ts';

describe('suggestedPasskeyName', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15', 'Passkey on iPhone'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15', 'Passkey on Mac'],
    ['Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36', 'Passkey on Android'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36', 'Passkey on Windows'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36', 'Passkey on Linux'],
    ['curl/8.0', 'My passkey'],
  ])('names the device of %s', (userAgent, name) => {
    expect(suggestedPasskeyName(userAgent)).toBe(name);
  });

  it('always suggests a name the server accepts', () => {
    expect(passkeyName.safeParse(suggestedPasskeyName('Mozilla/5.0 (iPad; CPU OS 17_0)')).success).toBe(true);
  });
});

describe('passkeyName', () => {
  it('trims, and refuses a blank or too long name with the messages the settings dialog shows', () => {
    expect(passkeyName.parse('  Work laptop ')).toBe('Work laptop');
    expect(passkeyName.safeParse('   ').error?.issues[0]?.message).toBe(passkeyMessages.nameMissing);
    expect(passkeyName.safeParse('x'.repeat(passkeyNameMaxLength + 1)).error?.issues[0]?.message).toBe(
      passkeyMessages.nameTooLong,
    );
    expect(passkeyName.safeParse('x'.repeat(passkeyNameMaxLength)).success).toBe(true);
  });
});
