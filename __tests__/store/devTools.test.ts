import { devToolsOption, redactionLoaded } from '../../src/store/devTools';
import { REDACTED, redactSecrets } from '../../src/store/redactSecrets';

describe('what the Redux DevTools see', () => {
  it('never a secret: fields named as secrets, and values that look like one, at any depth', () => {
    const created = {
      type: 'api/executeMutation/fulfilled',
      payload: {
        id: 'key-1',
        name: 'Production',
        key_prefix: 'sk-abc',
        key: 'sk-live-123456',
        previous: 'sk-0123456789abcdefghij0123',
        webhooks: [{ secret: 'whsec_abc', url: 'https://example.com/hook' }],
        note: 'ask for sk-other-secret',
      },
      meta: { headers: { Authorization: 'Bearer x' }, jwt: 'eyJhbGciOi.eyJzdWIi.sig' },
    };
    expect(redactSecrets(created)).toEqual({
      type: 'api/executeMutation/fulfilled',
      payload: {
        id: 'key-1',
        name: 'Production',
        key_prefix: 'sk-abc',
        key: REDACTED,
        previous: REDACTED,
        webhooks: [{ secret: REDACTED, url: 'https://example.com/hook' }],
        note: 'ask for sk-other-secret',
      },
      meta: { headers: { Authorization: REDACTED }, jwt: REDACTED },
    });
    expect(created.payload.key).toBe('sk-live-123456');
  });

  it('numbers, booleans and null are left alone', () => {
    expect(redactSecrets({ cents: 120, ok: true, none: null, list: [1, 'a'] })).toEqual({
      cents: 120,
      ok: true,
      none: null,
      list: [1, 'a'],
    });
  });

  describe('when they are on', () => {
    const env = process.env.NODE_ENV;
    afterEach(() => {
      process.env.NODE_ENV = env;
      document.head.innerHTML = '';
    });

    it('in development, sanitized; until the redaction has loaded, an action is its type alone', async () => {
      process.env.NODE_ENV = 'development';
      const option = devToolsOption();
      expect(option).toMatchObject({ name: 'AI Model Gateway' });
      const sanitize = (option as { actionSanitizer: (action: unknown) => unknown }).actionSanitizer;
      await redactionLoaded;
      expect(sanitize({ type: 'x', payload: { key: 'sk-1' } })).toEqual({ type: 'x', payload: { key: REDACTED } });
    });

    it('in a production build only where the server asks for them (the demo)', () => {
      process.env.NODE_ENV = 'production';
      expect(devToolsOption()).toBe(false);
      document.head.innerHTML = '<meta name="redux-devtools" content="on">';
      expect(devToolsOption()).toMatchObject({ name: 'AI Model Gateway' });
    });
  });
});
