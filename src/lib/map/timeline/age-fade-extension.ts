// The fade by age of fade.ts on the GPU: a deck.gl extension beside the DataFilterExtension that
// reads the record's day from the filter's own attribute (filterValues.x, no new upload) and
// scales the dot's opacity, so playback on a GPU costs the same uniforms-only update per frame.
import { LayerExtension, type Layer } from '@deck.gl/core';
import { OLDEST_WEIGHT } from './fade';

export interface AgeFadeProps {
	/** [start of the window, start of its recent part] in days; null: no fade. */
	ageFade?: [number, number] | null;
}

const uniformBlock = /* glsl */ `\
layout(std140) uniform ageFadeUniforms {
  vec2 window;
  float oldest;
} ageFade;
`;

const ageFadeModule = {
	name: 'ageFade',
	vs: uniformBlock,
	uniformTypes: { window: 'vec2<f32>', oldest: 'f32' }
} as const;

const inject = {
	'vs:#decl': /* glsl */ `
out float ageFade_weight;
`,
	// The same line as ageWeight(): OLDEST at the window's start, 1 from the recent part on.
	'vs:#main-start': /* glsl */ `
  ageFade_weight = 1.0;
#ifdef DATAFILTER_TYPE
  if (ageFade.window.y > ageFade.window.x) {
    ageFade_weight = mix(ageFade.oldest, 1.0, clamp((filterValues.x - ageFade.window.x) / (ageFade.window.y - ageFade.window.x), 0.0, 1.0));
  }
#endif
`,
	'fs:#decl': /* glsl */ `
in float ageFade_weight;
`,
	'fs:DECKGL_FILTER_COLOR': /* glsl */ `
  color.a *= ageFade_weight;
`
};

export class AgeFadeExtension extends LayerExtension {
	static extensionName = 'AgeFadeExtension';
	static defaultProps = { ageFade: null };

	getShaders(this: Layer<AgeFadeProps>) {
		return { modules: [ageFadeModule], inject };
	}

	draw(this: Layer<AgeFadeProps>) {
		const fade = this.props.ageFade;
		this.setShaderModuleProps({ ageFade: { window: fade ?? [0, 0], oldest: OLDEST_WEIGHT } });
	}
}
