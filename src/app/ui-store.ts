import { proxy } from 'valtio';

/**
 * App-wide UI state (DESIGN §2): whether the login dialog is open, and whether a screen holds the
 * footer back until its data has loaded (layout/footer-hold.ts).
 */
export const ui = proxy({ loginOpen: false, footerHeld: false });

export function openLogin(): void {
  ui.loginOpen = true;
}

export function closeLogin(): void {
  ui.loginOpen = false;
}
