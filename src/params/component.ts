import type { ParamMatcher } from '@sveltejs/kit';

export const match = ((param: string): param is 'videos' | 'images' => param === 'videos' || param === 'images') satisfies ParamMatcher;
