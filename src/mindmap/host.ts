import { createElement, type ComponentType } from 'react';

// The map package's ports to the app around it. The package imports nothing of src/app or
// src/features (README, eslint/boundaries.js): what it needs of the app — toasts, the device,
// the file service, image uploads, a note's Markdown, KaTeX — it asks of the host installed here.
// The screen layer installs the app's implementations (src/features/mindmap/map-host.ts, imported
// by every routed screen that opens an editor). Until then the defaults keep the package usable on
// its own (bench pages, jsdom and Node tests): a desktop with no toasts and no uploads.

export type ToastFn = (message: string, duration?: number) => number;

export interface MapHost {
  toast: { success: ToastFn; warning: ToastFn; error: ToastFn };
  /** Takes toast `id` down early; false when it was no longer up. */
  dismissToast(id: number): boolean;
  /** A hook: the editor (its toolbar on top) is mounted, so toasts show at the bottom. */
  useToastsAtBottom(): void;
  /** SPEC §9: a mobile user agent or a narrow screen. */
  isMobile(): boolean;
  /** A URL the page may fetch (a student's own upload gets a short-lived signed URL). */
  loadableUrl(url: string): Promise<string>;
  /** Saves `data` as a download named `name`. */
  download(name: string, data: Blob): void;
  /** Uploads a topic's image; resolves the URL it is served at. */
  uploadImage(file: Blob, name: string): Promise<string>;
  /** A note's Markdown, rendered safely. */
  NoteMarkdown: ComponentType<{ text: string }>;
  /** KaTeX with the app's options, loaded lazily (only once a formula shows). */
  loadTex(): Promise<{ texHtml(tex: string): string }>;
}

export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const none: ToastFn = () => 0;
let host: MapHost = {
  toast: { success: none, warning: none, error: none },
  dismissToast: () => false,
  useToastsAtBottom: () => {},
  isMobile: () => false,
  loadableUrl: async (url) => url,
  download: () => {
    throw new Error('未接入下载');
  },
  uploadImage: async () => {
    throw new Error('未接入图片上传');
  },
  NoteMarkdown: ({ text }) => createElement('div', null, text),
  loadTex: async () => ({ texHtml: escapeHtml }),
};

/** Sets (part of) the host; parts not given keep what they were. */
export function installMapHost(parts: Partial<MapHost>): void {
  host = { ...host, ...parts };
}

// What the package's files import, under the names they had in the app (so moved files changed
// only their import lines).
export const toast: MapHost['toast'] = {
  success: (m, d) => host.toast.success(m, d),
  warning: (m, d) => host.toast.warning(m, d),
  error: (m, d) => host.toast.error(m, d),
};
export const dismissToast = (id: number) => host.dismissToast(id);
export const useToastsAtBottom = () => host.useToastsAtBottom();
export const isMobile = () => host.isMobile();
export const loadableUrl = (url: string) => host.loadableUrl(url);
export const download = (name: string, data: Blob) => host.download(name, data);
export const uploadImage = (file: Blob, name: string) => host.uploadImage(file, name);
export const NoteMarkdown = (props: { text: string }) => createElement(host.NoteMarkdown, props);

let tex: ((tex: string) => string) | null = null;
/** Loads KaTeX (once); texHtml typesets with it after. */
export async function loadTex(): Promise<void> {
  tex ??= (await host.loadTex()).texHtml;
}
/** KaTeX's HTML for inline TeX (the source, escaped, until loadTex has resolved). */
export const texHtml = (s: string) => (tex ? tex(s) : escapeHtml(s));
