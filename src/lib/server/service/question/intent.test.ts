import { describe, expect, it } from 'vitest';
import { readIntent, topicTerms } from './intent';
import type { ReadPart } from './read';

const country = (value: string): ReadPart => ({ kind: 'country', text: value, start: 0, end: 0, label: value });
const year = (y: string): ReadPart => ({ kind: 'date', text: y, start: 0, end: 0, label: y });
const intent = (question: string, rest: string, parts: ReadPart[] = []) => readIntent(question, rest, parts);

describe('readIntent', () => {
	it('tells counting, ranking, trend and comparison apart', () => {
		expect(intent('How many records are there from Iraq in 2016?', 'How many records are there from in ?', [country('Iraq'), year('2016')])).toEqual({
			kind: 'count'
		});
		expect(intent('Which armed group was most active in Sudan in 2023?', 'Which armed group was most active in in ?')).toMatchObject({
			kind: 'rank',
			dimension: 'entity',
			order: 'most'
		});
		expect(intent('Which country had the fewest records in 2020?', 'Which country had the fewest records in ?')).toMatchObject({
			kind: 'rank',
			dimension: 'country',
			order: 'least'
		});
		expect(intent('In which province were most videos filmed?', 'In which province were most videos filmed?')).toMatchObject({
			kind: 'rank',
			dimension: 'area'
		});
		expect(intent('How did the number of records from Yemen change by month?', 'How did the number of records from change by month?')).toEqual({
			kind: 'trend',
			bucket: 'month'
		});
		expect(intent('Sudan vs Chad in 2023', 'vs in', [country('Sudan'), country('Chad'), year('2023')])).toEqual({ kind: 'compare', dimension: 'country' });
		expect(intent('How many records from Sudan and Chad?', 'How many records from and ?', [country('Sudan'), country('Chad')])).toEqual({
			kind: 'compare',
			dimension: 'country'
		});
		expect(intent('What happened in Khartoum?', 'What happened in ?')).toEqual({ kind: 'recent' });
		expect(intent('Which funerals were filmed?', 'Which funerals were filmed?')).toEqual({ kind: 'evidence' });
	});

	it('hears "what is new" and "where has it grown" as a question about what changed, not a trend', () => {
		for (const q of [
			'What is new in Sudan this week?',
			"What's new in Yemen?",
			'Where has activity grown since May?',
			'Where did the fighting spread in March?',
			'Which new hotspots emerged in Mali?',
			'What changed in Kabul last month?'
		])
			expect(intent(q, q), q).toEqual({ kind: 'changes' });
		expect(intent('How did the number of records from Yemen change by month?', 'How did the number of records from change by month?')).toMatchObject({
			kind: 'trend'
		});
		expect(topicTerms('Where has activity grown since ?')).toEqual([]);
		expect(topicTerms('What is new in this week?')).toEqual([]);
	});

	it('says when the kind of organisation asked for is not in the data', () => {
		expect(intent('Which militia was most active?', 'Which militia was most active?')).toMatchObject({
			kind: 'rank',
			dimension: 'entity',
			note: expect.stringContaining('kind of organisation')
		});
	});
});

describe('topicTerms', () => {
	it('keeps the subject and drops the wording of the question', () => {
		expect(topicTerms('How many records show drone strikes in ?')).toEqual(['drone', 'strike']);
		expect(topicTerms('Only events in , please.')).toEqual([]);
		expect(topicTerms('How many videos were filmed in in ?')).toEqual([]);
		expect(topicTerms('Which armed group was most active in in ?')).toEqual([]);
	});
});
