// Which Pixi renderer to use (DESIGN §3): WebGL only when the GPU is real. On SwiftShader,
// llvmpipe or other software rasterisers WebGL was 7–10× slower than Pixi's Canvas renderer
// on this kind of machine, so those get 'canvas'.

export type RendererKind = 'webgl' | 'canvas';

export interface GlProbe {
  /** A context was created with failIfMajorPerformanceCaveat: true. */
  accelerated: boolean;
  /** Unmasked renderer string when the debug extension is exposed. */
  rendererString: string | null;
}

const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|basic render|mesa offscreen|lavapipe/i;

export function chooseRenderer(p: GlProbe | null): RendererKind {
  if (!p || !p.accelerated) return 'canvas';
  if (p.rendererString && SOFTWARE.test(p.rendererString)) return 'canvas';
  return 'webgl';
}

export function probeWebGl(doc: Document = document): GlProbe | null {
  try {
    const canvas = doc.createElement('canvas');
    const gl = (canvas.getContext('webgl2', { failIfMajorPerformanceCaveat: true }) ??
      canvas.getContext('webgl', { failIfMajorPerformanceCaveat: true })) as WebGLRenderingContext | null;
    if (!gl) return { accelerated: false, rendererString: null };
    const dbg = gl.getExtension('WEBGL_debug_renderer_info');
    const rendererString = dbg ? String(gl.getParameter(dbg.UNMASKED_RENDERER_WEBGL)) : String(gl.getParameter(gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return { accelerated: true, rendererString };
  } catch {
    return null;
  }
}

/** `?renderer=webgl|canvas` forces a choice (benchmarks compare both). */
export function pickRenderer(search = globalThis.location?.search ?? ''): { kind: RendererKind; probe: GlProbe | null } {
  const forced = new URLSearchParams(search).get('renderer');
  const probe = probeWebGl();
  if (forced === 'webgl' || forced === 'canvas') return { kind: forced, probe };
  return { kind: chooseRenderer(probe), probe };
}
