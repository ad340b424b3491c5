// The cookieConsent folder's panel as the registry (panels/registry.ts) and the side menu know it.
import type { PanelDefinition } from '../types';
import { CookieConsentPanel } from './CookieConsentPanel';

export const cookieConsentPanel: PanelDefinition = {
  kind: 'panel',
  id: 'cookieConsent',
  menu: [{ id: 'cookieConsent', group: 'manage', role: 'student', lock: 'cookie_consent' }],
  Component: CookieConsentPanel,
};
