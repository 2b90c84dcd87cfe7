// Where a read runs when reader workers are on: in a reader, or here on the main thread.
//
// A trip to a reader and back wakes two threads: the reader for the task, then the main thread
// for the answer. On this kind of machine (a virtual machine whose idle vCPUs are halted) each
// wake-up costs 100-200 µs, so a structured search of about half a millisecond answered 20-30 %
// slower through a reader than on the main thread at one client (docs/benchmarks.md, issue 17).
// The readers pay off only when requests wait for the main thread. So a read runs here when both:
//   - the main thread was waiting for work since the last read was placed (libuv counted idle
//     time in its poll): no request is queued behind this one, none is delayed by it;
//   - reads of its kind took at most DB_READ_INLINE_MS lately (default 2 ms), as measured here
//     wherever they ran. A kind never measured goes to a reader first: a slow kind (NL search,
//     a manifest page, a keyword search at a million records: tens of milliseconds) never
//     blocks the event loop, and a cheap kind that turns slow (a count not yet cached) moves to
//     the readers until its recent cost is back under the budget.
// Under load the event loop does not idle between requests, and every read goes to the readers.
import { performance } from 'node:perf_hooks';
import type { ReadName } from './operations';

/** Weight of the newest measurement in a kind's recent cost. */
const NEWEST_WEIGHT = 0.25;

/**
 * Reads of one kind cost alike: by name, and a search by whether it has words to look for (the
 * keyword index's ranked lists against the structured filters' indexes and cached counts).
 */
export function readKind(name: ReadName, args: readonly unknown[]): string {
	if (name !== 'search') return name;
	const query = args[3] as { search?: string } | undefined;
	return query?.search?.trim() ? 'search:words' : 'search:filters';
}

export interface Placement {
	/** True: run the read on this thread now; false: send it to a reader. */
	here(kind: string): boolean;
	/** How long a read of this kind took, in milliseconds, where it ran (a reader's: the round trip). */
	took(kind: string, ms: number): void;
}

/** budgetMs 0: every read to the readers. `idleSoFar` is the event loop's idle time in ms (injectable for tests). */
export function idlePlacement(budgetMs: number, idleSoFar: () => number = () => performance.eventLoopUtilization().idle): Placement {
	const recentCost = new Map<string, number>();
	let idleAtLastPlacement = idleSoFar();
	return {
		here(kind) {
			const idle = idleSoFar();
			const waitedForWork = idle > idleAtLastPlacement;
			idleAtLastPlacement = idle;
			const cost = recentCost.get(kind);
			return budgetMs > 0 && waitedForWork && cost !== undefined && cost <= budgetMs;
		},
		took(kind, ms) {
			const cost = recentCost.get(kind);
			recentCost.set(kind, cost === undefined ? ms : cost + NEWEST_WEIGHT * (ms - cost));
		}
	};
}
