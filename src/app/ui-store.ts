import { proxy } from 'valtio';

/** App-wide UI state (DESIGN §2): whether the login dialog is open. */
export const ui = proxy({ loginOpen: false });

export function openLogin(): void {
  ui.loginOpen = true;
}

export function closeLogin(): void {
  ui.loginOpen = false;
}
