import { describe, expect, it } from 'vitest';
import { OneAtATime } from './one-at-a-time';

describe('one request at a time', () => {
	it('asks once more after the request in flight for any number of changes meanwhile, then settles', async () => {
		const finish: (() => void)[] = [];
		let asked = 0;
		let settled = 0;
		const requests = new OneAtATime(
			() => {
				asked++;
				return new Promise<void>((resolve) => finish.push(resolve));
			},
			() => settled++
		);
		requests.ask();
		requests.ask();
		requests.ask();
		expect(asked).toBe(1);
		finish[0]();
		await new Promise((r) => setTimeout(r, 0));
		expect(asked).toBe(2);
		expect(settled).toBe(0);
		finish[1]();
		await new Promise((r) => setTimeout(r, 0));
		expect(asked).toBe(2);
		expect(settled).toBe(1);
	});

	it('settles after a failed request too, and asks nothing when there is nothing to ask', async () => {
		let settled = 0;
		const failing = new OneAtATime(
			() => Promise.reject(new Error('worker gone')),
			() => settled++
		);
		failing.ask();
		await new Promise((r) => setTimeout(r, 0));
		expect(settled).toBe(1);
		const idle = new OneAtATime(
			() => null,
			() => settled++
		);
		idle.ask();
		expect(settled).toBe(1);
	});
});
