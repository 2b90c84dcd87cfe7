import type { ParamMatcher } from '@sveltejs/kit';

export const match = ((param: string): param is 'icd' | 'icdb' => param === 'icd' || param === 'icdb') satisfies ParamMatcher;
