// A load that adds to the page's copy of the stream (stream-load.ts) holds every batch back until
// the stream's end, then gives each part's records in one piece, newest first: the server's new
// records, then the copy's streams from the latest to the first. That is the manifest's own order,
// the one a whole stream gives, so a record has the same place (index) in its part however the
// page came by it, and a million records reach the page in four messages instead of two hundred.
import { joinColumns, type RecordColumns } from '../../stream/decode';
import { PART_IDS, type ControlMessage, type PartId } from '../../types/stream';

type PartMessage = Extract<ControlMessage, { type: 'progress' | 'part-done' }>;

export class HeldBatches {
	/** Per part, per group (a copy's stream, or the server's answer), the batches in arrival order. */
	private readonly groups = new Map<PartId, Map<number, RecordColumns[]>>();
	private readonly said = new Map<PartId, PartMessage[]>();

	add(part: PartId, batch: RecordColumns, group: number): void {
		let byGroup = this.groups.get(part);
		if (!byGroup) this.groups.set(part, (byGroup = new Map()));
		const batches = byGroup.get(group);
		if (batches) batches.push(batch);
		else byGroup.set(group, [batch]);
	}

	/** A part's progress: only its last word is passed on (a line per batch would redraw the page two hundred times). */
	note(message: PartMessage): void {
		const said = this.said.get(message.part) ?? [];
		this.said.set(message.part, [...said.filter((m) => m.type !== message.type), message]);
	}

	/** Each part's records in manifest order (newest group first), in the parts' fixed order; then what the parts last said. */
	release(): { parts: [PartId, RecordColumns][]; messages: PartMessage[] } {
		const parts: [PartId, RecordColumns][] = [];
		for (const part of PART_IDS) {
			const byGroup = this.groups.get(part);
			if (!byGroup) continue;
			const newestFirst = [...byGroup.entries()].sort((a, b) => b[0] - a[0]).flatMap(([, batches]) => batches);
			parts.push([part, joinColumns(newestFirst)]);
		}
		const messages = PART_IDS.flatMap((part) =>
			(this.said.get(part) ?? []).sort((a, b) => (a.type === 'progress' ? -1 : 1) - (b.type === 'progress' ? -1 : 1))
		);
		return { parts, messages };
	}
}
