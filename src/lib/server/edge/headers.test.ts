import { describe, expect, it } from 'vitest';
import { runtimeSources, widenCsp } from './headers';

const BASE = "default-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

describe('widenCsp', () => {
	it('adds sources to existing directives once, and keeps the others as they are', () => {
		const csp = widenCsp(BASE, { 'img-src': ['https://icd.example.org', "'self'"], 'connect-src': ['https:'] });
		expect(csp).toBe("default-src 'self'; img-src 'self' data: https://icd.example.org; connect-src 'self' https:; frame-ancestors 'none'");
	});

	it('starts a missing directive from default-src, not from nothing', () => {
		expect(widenCsp(BASE, { 'frame-src': ['https://icd.example.org'] })).toContain("frame-src 'self' https://icd.example.org");
	});
});

describe('runtimeSources', () => {
	it('opens frames, images and media to a remote service, and nothing else', () => {
		expect(runtimeSources({ remoteService: 'https://icd.example.org/base' })).toEqual({
			'frame-src': ['https://icd.example.org'],
			'img-src': ['https://icd.example.org'],
			'media-src': ['https://icd.example.org']
		});
	});

	it('opens fetches and images to an online map style, whose tile hosts only the style names', () => {
		const add = runtimeSources({ mapStyle: 'http://tiles.lan:8080/style.json' });
		expect(add['connect-src']).toEqual(['http://tiles.lan:8080', 'https:']);
		expect(add['img-src']).toEqual(['http://tiles.lan:8080', 'https:']);
		expect(add['frame-src']).toBeUndefined();
	});

	it('widens nothing for the embedded service and the offline basemap', () => {
		expect(runtimeSources({})).toEqual({});
	});
});
