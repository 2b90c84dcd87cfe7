// Apart from deps.ts (ReadDeps, which every read imports), since the read side named here imports those reads.
import type { ReadDeps } from './deps';
import type { Reads } from './reads/reads';

/** Everything a service function needs besides the caller's key and its parameters. */
export interface ServiceDeps extends ReadDeps {
	/** The read side, awaited: reader workers, or this thread when DB_READERS=0. */
	reads: Reads;
}
