import { describe, expect, it } from 'vitest';
import { readSettings } from '../env';
import { authMode, isLoopback, ModeRefusal } from './mode';

const settings = (env: Record<string, string>) => readSettings({ DATA_DIR: '/tmp/unused', ...env });

describe('authMode', () => {
	it('is single-user on loopback, with or without HOST saying so', () => {
		expect(authMode(settings({ HOST: '127.0.0.1' }))).toBe('single-user');
		expect(authMode(settings({ HOST: '::1' }))).toBe('single-user');
		expect(authMode(settings({ HOST: 'localhost', EXPLORER_AUTH: 'single-user' }))).toBe('single-user');
	});

	it('refuses an address other machines reach without sign-in, naming the setting', () => {
		const exposed: Record<string, string>[] = [
			{ HOST: '0.0.0.0' },
			{ HOST: '::' },
			{ HOST: '10.1.2.3' },
			{ HOST: 'maps.example.org' },
			{},
			{ HOST: '0.0.0.0', EXPLORER_AUTH: 'single-user' }
		];
		for (const env of exposed) {
			expect(() => authMode(settings(env)), JSON.stringify(env)).toThrow(ModeRefusal);
			expect(() => authMode(settings(env))).toThrow(/EXPLORER_AUTH=signin/);
		}
	});

	it('refuses single-user behind a proxy that serves it to others (ORIGIN)', () => {
		expect(() => authMode(settings({ HOST: '127.0.0.1', ORIGIN: 'https://maps.example.org' }))).toThrow(/ORIGIN=https:\/\/maps\.example\.org/);
		expect(authMode(settings({ HOST: '127.0.0.1', ORIGIN: 'http://localhost:3000' }))).toBe('single-user');
	});

	it('runs sign-in wherever it is chosen', () => {
		expect(authMode(settings({ HOST: '0.0.0.0', EXPLORER_AUTH: 'signin' }))).toBe('signin');
		expect(authMode(settings({ HOST: '127.0.0.1', EXPLORER_AUTH: 'SignIn' }))).toBe('signin');
	});

	it('takes no other value for EXPLORER_AUTH', () => {
		expect(() => settings({ EXPLORER_AUTH: 'none' })).toThrow(/EXPLORER_AUTH/);
	});
});

describe('isLoopback', () => {
	it.each([
		['127.0.0.1', true],
		['127.8.9.10', true],
		['[::1]', true],
		['::ffff:127.0.0.1', true],
		['localhost', true],
		['app.localhost', true],
		['0.0.0.0', false],
		['::', false],
		['192.168.1.5', false],
		['localhost.evil.example', false],
		['', false]
	])('%s: %s', (host, loopback) => {
		expect(isLoopback(host)).toBe(loopback);
	});
});
