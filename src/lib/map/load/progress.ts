// What the map shows about the record stream while it runs, folded from its control messages.
import type { ControlMessage, PartId } from '../../types/stream';

export interface PartProgress {
	received: number;
	total: number;
	done: boolean;
	/** A person-readable notice while the part waits (rate limit, network retry). */
	waiting: string | null;
	error: string | null;
}

export interface StreamProgress {
	parts: Record<string, PartProgress>;
	done: boolean;
	startedAt: number;
	finishedMs: number | null;
	/** An error not tied to one part (the stream itself failed). */
	notice: string | null;
}

export function newProgress(now: number): StreamProgress {
	return { parts: {}, done: false, startedAt: now, finishedMs: null, notice: null };
}

function part(p: StreamProgress, id: PartId): PartProgress {
	return (p.parts[id] ??= { received: 0, total: 0, done: false, waiting: null, error: null });
}

/** Applies one control message; returns true when the message changed what is shown. */
export function applyControl(p: StreamProgress, m: ControlMessage): boolean {
	switch (m.type) {
		case 'start':
			for (const id of m.parts) part(p, id);
			return true;
		case 'progress': {
			const q = part(p, m.part);
			q.received = m.received;
			q.total = m.total;
			q.waiting = null;
			return true;
		}
		case 'waiting':
			part(p, m.part).waiting = m.message;
			return true;
		case 'restart':
			part(p, m.part).waiting = m.message;
			return true;
		case 'error':
			if (m.part) part(p, m.part).error = m.message;
			else p.notice = m.message;
			return true;
		case 'part-done': {
			const q = part(p, m.part);
			q.done = true;
			q.waiting = null;
			return true;
		}
		case 'done':
			p.done = true;
			p.finishedMs = m.ms;
			return true;
		default:
			return false;
	}
}
