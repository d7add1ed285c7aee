// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { chooseRenderer } from './renderer-probe';

describe('chooseRenderer', () => {
  it('uses WebGL only on an accelerated, non-software GPU', () => {
    expect(chooseRenderer({ accelerated: true, rendererString: 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11)' })).toBe('webgl');
    expect(chooseRenderer({ accelerated: true, rendererString: null })).toBe('webgl');
  });

  it('falls back to Canvas for software rasterisers, performance caveats and no WebGL', () => {
    expect(chooseRenderer({ accelerated: true, rendererString: 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)' })).toBe(
      'canvas',
    );
    expect(chooseRenderer({ accelerated: true, rendererString: 'llvmpipe (LLVM 15.0.6, 256 bits)' })).toBe('canvas');
    expect(chooseRenderer({ accelerated: true, rendererString: 'Microsoft Basic Render Driver' })).toBe('canvas');
    expect(chooseRenderer({ accelerated: false, rendererString: null })).toBe('canvas');
    expect(chooseRenderer(null)).toBe('canvas');
  });
});
