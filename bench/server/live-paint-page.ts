// The page's instruments, loaded into every context the bench opens (openPage, live-paint-setup.ts), and what they report.

/** What the page reports when the awaited title is on its canvas (epoch ms of the page's clock). */
export interface Painted {
  title: string;
  /** the `set` frame naming the awaited set arrived */
  wsAt: number;
  /** the mapChanges request after it: started, answered (0 when none was seen) */
  fetchStart: number;
  fetchEnd: number;
  /** the engine worker's first answer after that (receiveChangeSets'; 0 when none was seen) */
  workerAt: number;
  renderStart: number;
  renderEnd: number;
}

// The page's side (a string: tsx-compiled closures carry helpers the browser lacks). Pixi's
// devtools hook hands over each Application; its renderer.render is wrapped to look, after each
// render, for the awaited title on a visible label inside the screen.
export const PAGE_SCRIPT = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  const st = { title: null, setId: null, wsAt: 0, welcomed: 0, rootTitle: null, mapPaintedAt: 0, apps: [], workerAt: [] };
  window.__livePaint = st;
  const labels = (c, out) => {
    if (!c.visible) return out;
    if (typeof c.text === 'string' && c.text) out.push(c);
    for (const k of c.children || []) labels(k, out);
    return out;
  };
  const onScreen = (app, o) => {
    const b = o.getBounds();
    return b.width > 0 && b.x + b.width > 0 && b.y + b.height > 0 && b.x < app.renderer.width && b.y < app.renderer.height;
  };
  const find = (app, title) => labels(app.stage, []).find((o) => o.text.replace(/\\n/g, '') === title && onScreen(app, o));
  /** the visible labels of every app, their text, nearest the screen's centre first (the bench picks a topic to rename from these) */
  st.onScreen = () => st.apps
    .flatMap((app) => labels(app.stage, []).filter((o) => onScreen(app, o)).map((o) => {
      const b = o.getBounds();
      return { text: o.text.replace(/\\n/g, ''), d: Math.hypot(b.x + b.width / 2 - app.renderer.width / 2, b.y + b.height / 2 - app.renderer.height / 2) };
    }))
    .sort((a, b) => a.d - b.d)
    .map((l) => l.text);
  st.debug = (part) => st.apps.flatMap((app) => { const all = []; const walk = (c, vis) => { const v = vis && c.visible; if (typeof c.text === 'string' && c.text.includes(part)) { const b = c.getBounds(); all.push({ text: c.text, v, x: Math.round(b.x), y: Math.round(b.y), w: Math.round(b.width) }); } for (const k of c.children || []) walk(k, v); }; walk(app.stage, true); return all; });
  st.expect = (title, setId) => { st.title = title; st.setId = setId; st.wsAt = 0; performance.clearResourceTimings(); };
  globalThis.__PIXI_APP_INIT__ = (app) => {
    st.apps.push(app);
    const r = app.renderer;
    const render = r.render.bind(r);
    r.render = (...args) => {
      const t0 = now();
      const out = render(...args);
      const t1 = now();
      if (st.rootTitle && !st.mapPaintedAt && find(app, st.rootTitle)) st.mapPaintedAt = t1;
      if (st.title && find(app, st.title)) {
        const title = st.title;
        st.title = null;
        const f = performance.getEntriesByType('resource').filter((e) => e.name.includes('/mapChanges') && performance.timeOrigin + e.startTime >= st.wsAt - 1).at(0);
        const fetchEnd = f ? performance.timeOrigin + f.responseEnd : 0;
        // the worker's answer after the set reached the page (after mapChanges' answer when the page asked)
        const from = fetchEnd || st.wsAt;
        const workerAt = st.workerAt.find((t) => from && t >= from && t <= t0) || 0;
        window.__livePainted({ title, wsAt: st.wsAt, fetchStart: f ? performance.timeOrigin + f.startTime : 0, fetchEnd, workerAt, renderStart: t0, renderEnd: t1 });
      }
      return out;
    };
  };
  // the engine worker's answers (Comlink): the first after mapChanges answered is receiveChangeSets'
  const Worker0 = window.Worker;
  window.Worker = class extends Worker0 {
    constructor(url, opts) {
      super(url, opts);
      this.addEventListener('message', () => {
        st.workerAt.push(now());
        if (st.workerAt.length > 64) st.workerAt.shift();
      });
    }
  };
  const WS = window.WebSocket;
  window.WebSocket = class extends WS {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (e) => {
        if (typeof e.data !== 'string') return;
        if (!st.welcomed && e.data.startsWith('{"type":"welcome"')) st.welcomed = now();
        if (st.setId && !st.wsAt && e.data.includes(st.setId)) st.wsAt = now();
      });
    }
  };
})();`;

interface PageState {
  wsAt: number;
  rootTitle: string | null;
  mapPaintedAt: number;
  welcomed: number;
  onScreen(): string[];
  expect(title: string, setId: string): void;
}
export type PageWindow = { __livePaint: PageState };
