/**
 * The signal between tabs of this browser with the same map open: "I saved version v", so the
 * others catch up at once instead of at their next poll. It outlives the page's last save: the
 * editor closing still flushes (and announces) after its effect has gone, so `post` after `close`
 * does nothing rather than throw (a BroadcastChannel throws once closed).
 */
export interface TabSignal {
  post(version: number): void;
  close(): void;
}

export function tabSignal(key: string, onOtherSaved: () => void): TabSignal {
  if (typeof BroadcastChannel !== 'function') return { post: () => {}, close: () => {} };
  let channel: BroadcastChannel | null = new BroadcastChannel(`xuetu-map:${key}`);
  channel.onmessage = () => onOtherSaved();
  return {
    post: (version) => channel?.postMessage({ version }),
    close: () => {
      channel?.close();
      channel = null;
    },
  };
}
