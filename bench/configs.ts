import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, resolveChromium } from '../tests/e2e/browser';

// Browser situations a figure is measured in (issue 23 §3): the GPU situation Chromium is launched
// with and the CDP CPU throttling rate (4× = Lighthouse's mobile setting). Every browser and peer
// row carries its config, and the WebGL renderer the page actually got, so a row says what it ran on.
// BENCH_GPU=swiftshader,none,hardware and BENCH_CPU=1,4 pick the cross product (default swiftshader, 1).

export type GpuMode = 'swiftshader' | 'none' | 'hardware';
export interface BenchConfig {
  gpu: GpuMode;
  cpuThrottle: number;
}

const SWIFTSHADER_FLAGS = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

/** Launch flags per GPU situation: the e2e set (SwiftShader WebGL), no WebGL at all, or the real GPU. */
export function gpuArgs(gpu: GpuMode): string[] {
  const base = CHROMIUM_ARGS.filter((a) => !SWIFTSHADER_FLAGS.includes(a) && a !== '--disable-gpu');
  if (gpu === 'swiftshader') return CHROMIUM_ARGS;
  // Without a software rasterizer and with WebGL off, Pixi falls back to its canvas renderer.
  if (gpu === 'none') return [...base, '--disable-gpu', '--disable-software-rasterizer', '--disable-webgl', '--disable-webgl2'];
  return [...base, '--ignore-gpu-blocklist', '--enable-gpu-rasterization', '--use-angle=default'];
}

export function configsFromEnv(env: NodeJS.ProcessEnv = process.env): BenchConfig[] {
  const gpus = (env.BENCH_GPU ?? 'swiftshader').split(',').map((s) => s.trim()) as GpuMode[];
  for (const g of gpus) if (!['swiftshader', 'none', 'hardware'].includes(g)) throw new Error(`BENCH_GPU: unknown GPU situation "${g}"`);
  const cpus = (env.BENCH_CPU ?? '1').split(',').map(Number);
  for (const c of cpus) if (!(c >= 1 && c <= 20)) throw new Error(`BENCH_CPU: throttling rate must be 1..20, not ${c}`);
  return gpus.flatMap((gpu) => cpus.map((cpuThrottle) => ({ gpu, cpuThrottle })));
}

export const configLabel = (c: BenchConfig): string => `${c.gpu}${c.cpuThrottle > 1 ? ` cpu÷${c.cpuThrottle}` : ''}`;

export async function launchFor(c: BenchConfig): Promise<{ browser: Browser; args: string[] }> {
  const args = gpuArgs(c.gpu);
  return { browser: await chromium.launch({ executablePath: resolveChromium(), headless: true, args }), args };
}

/** Applies the CPU throttling to a fresh page (a CDP session per page: the rate is per target). */
export async function throttle(page: Page, c: BenchConfig): Promise<void> {
  if (c.cpuThrottle <= 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: c.cpuThrottle });
}

/** The WebGL renderer string the page sees ("none" without WebGL): says whether a GPU situation really held. */
export function glRenderer(page: Page): Promise<string> {
  return page.evaluate(`(() => {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return 'none';
    const ext = gl.getExtension('WEBGL_debug_renderer_info');
    return String(ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
  })()`);
}

/** A hardware run only counts when the renderer is no software one; otherwise the config is skipped as absent. */
export const isSoftwareGl = (r: string): boolean => r === 'none' || /swiftshader|llvmpipe|software/i.test(r);
