import type { GenTree } from '../../browser/tree-gen';
import type { PeerAdapter } from '../harness';

// What every peer page shares: the map element (the same 1280×800 viewport as Xuetu's page) and
// the hook the harness drives. Each adapter keeps the editor's default renderer and options,
// except where stated in its `options` (animations off: the harness times work, not tweens).

declare global {
  interface Window {
    __peer: PeerAdapter;
  }
}

export const mapElement = (): HTMLElement => document.getElementById('map')!;

export function expose(adapter: PeerAdapter): void {
  window.__peer = adapter;
}

export type { GenTree };
