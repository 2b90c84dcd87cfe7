import { describe, expect, it } from 'vitest';
import { isHardwareRenderer } from './gpu';

describe('renderer classification', () => {
	it('tells software rasterisers from GPUs', () => {
		expect(isHardwareRenderer('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)')).toBe(false);
		expect(isHardwareRenderer('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(false);
		expect(isHardwareRenderer('ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0)')).toBe(false);
		expect(isHardwareRenderer('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe(true);
		expect(isHardwareRenderer('Apple M2')).toBe(true);
		expect(isHardwareRenderer(null)).toBe(true);
	});
});
