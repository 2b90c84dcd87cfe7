import { describe, expect, it } from 'vitest';
import { hostName, hostPolicy, isHostAllowed } from './hosts';

describe('hostName', () => {
	it.each([
		['127.0.0.1:3000', '127.0.0.1'],
		['LOCALHOST:3000', 'localhost'],
		['[::1]:3000', '::1'],
		['[::1]', '::1'],
		['explorer.example.org.', 'explorer.example.org'],
		['explorer.example.org:443', 'explorer.example.org'],
		['', null],
		['[', null],
		[':3000', null]
	])('%s is %s', (header, name) => {
		expect(hostName(header)).toBe(name);
	});
});

describe('isHostAllowed', () => {
	const loopbackOnly = hostPolicy({ host: '127.0.0.1', origin: '', allowed: [] });

	it('allows loopback names and any IP address, by default', () => {
		for (const h of ['127.0.0.1:3000', 'localhost:3000', 'app.localhost', '[::1]:3000', '10.1.2.3:3000', '[fe80::1]'])
			expect(isHostAllowed(h, loopbackOnly), h).toBe(true);
	});

	it('refuses any other name, a missing Host and a name that only looks local', () => {
		for (const h of ['evil.example', 'evil.example:3000', 'localhost.evil.example', '127.0.0.1.nip.io', '', null])
			expect(isHostAllowed(h, loopbackOnly), String(h)).toBe(false);
	});

	it('adds HOST, ORIGIN and ALLOWED_HOSTS names; a leading dot allows a domain and its subdomains', () => {
		const policy = hostPolicy({ host: 'box.lan', origin: 'https://maps.example.org', allowed: ['explorer.test', '.team.example'] });
		for (const h of ['box.lan:3000', 'maps.example.org', 'EXPLORER.TEST', 'team.example', 'a.b.team.example:8443'])
			expect(isHostAllowed(h, policy), h).toBe(true);
		for (const h of ['evilteam.example', 'team.example.evil', 'example.org', 'other.example.org']) expect(isHostAllowed(h, policy), h).toBe(false);
	});

	it('adds nothing for a wildcard listen address', () => {
		const policy = hostPolicy({ host: '0.0.0.0', origin: '', allowed: [] });
		expect([...policy.names]).toEqual([]);
		expect(isHostAllowed('evil.example', policy)).toBe(false);
		expect(isHostAllowed('localhost:3000', policy)).toBe(true);
	});
});
