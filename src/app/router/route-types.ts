import type { ComponentType } from 'react';

export interface AppRoute {
  /** wouter pattern, e.g. '/course/list' or '/task/:id' */
  path: string;
  /** The screen; use lazyScreen() for everything but Home. */
  screen?: ComponentType;
  /** Instead of a screen: replace the URL with this path (SPEC §2 default children). */
  redirect?: string;
  /** Needs a token (default true: SPEC §2 "every route except Home and Forget requires login"). */
  protected?: boolean;
  /** 'none' renders without header and footer (the content players). Default 'main'. */
  layout?: 'main' | 'none';
}
