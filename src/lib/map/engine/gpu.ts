// Whether the map's WebGL runs on a hardware GPU or in software (SwiftShader in headless Chromium
// or in a VM without GPU passthrough, Mesa's llvmpipe, Windows' Basic Render Driver). Software
// WebGL costs ~20 µs per point per frame, so some drawing choices depend on it (layers.ts).

const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** True unless the renderer string names a software rasteriser (unknown counts as hardware). */
export function isHardwareRenderer(renderer: string | null | undefined): boolean {
	return !renderer || !SOFTWARE_RENDERERS.test(renderer);
}

/** The unmasked renderer of a WebGL context, when the browser tells it. */
export function rendererOf(gl: WebGLRenderingContext | WebGL2RenderingContext | undefined): string | null {
	if (!gl) return null;
	const info = gl.getExtension('WEBGL_debug_renderer_info');
	return (gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) as string | null) ?? null;
}
