// What /openapi.json says of the decisions the interface leaves to the implementer: the same
// decisions docs/api.md records, in short, so that a client generated from the document (and
// its reader) learns them where it looks. Keep the two in step.
import { GEO_DEFAULT_LIMIT, GEO_MAX_LIMIT } from './schemas';

export const SERVICE = [
	'Decisions for what the interface leaves open are documented in docs/api.md; the operations below state them in short.',
	'',
	'- Every error body is an RFC 9457 problem (`type`, `title`, `status`, `detail`, `instance`, `code`, `remediation`, and `errors` for invalid parameters), sent as application/problem+json, except 429, sent as application/json as the interface states.',
	'- Unknown query parameters are 400 (a typo never returns unfiltered data); a parameter given twice with two values is 400, except a list parameter (`ignore`), which may repeat.',
	'- An empty optional parameter (`country=`) means not given; a required one left empty is 400.',
	'- Integers are plain digits (`1.5`, `-1`, `1e3` are 400); dates are calendar dates YYYY-MM-DD, inclusive, and `date_from` after `date_to` is 400. Out of range is 400, never a silent clamp.',
	'- Authentication comes first: a request without a valid key is 401 whatever the path. Every answer to an authenticated request carries `RateLimit` and `RateLimit-Policy`; every 429 and 503 carries an integer `Retry-After`.',
	"- A key's entity restriction applies to every item, total, lookup and link: a record outside it is answered exactly like one that does not exist."
].join('\n');

export const SEARCH = [
	'Every word of `search` must match (title, summary, report, transcript); "quoted words" are a phrase, -word excludes, word* is a prefix; no input is query syntax. Blank `search` is no search; text with no letter or digit, or exclusions only, is 400.',
	'`sort` defaults to relevance with search, date_desc without; dates tie-break on primary_id, so paging is stable. A page past the end is an empty 200 whose prevPage points at the last page.',
	'Fields without a value are omitted (none is null); records that cannot be mapped may lack coordinates.'
].join(' ');

export const GEO_MANIFEST = [
	`Only mappable records (both coordinates, in range), newest first (primary_date, then primary_id, descending). limit defaults to ${GEO_DEFAULT_LIMIT}, at most ${GEO_MAX_LIMIT}.`,
	'next_cursor is null on the last page; itemsTotal counts the whole traversal. A cursor is opaque, signed, and bound to the key and to every other parameter (limit included): used otherwise it is 400 invalid_cursor.'
].join(' ');

export const MEDIA =
	'The link carries its own authorization (a signed token, no Authorization header needed) and expires 15 minutes after it is issued (`expires`, unix epoch seconds). Takes no query parameters (any is 400).';

export const NL_SEARCH = [
	'The top_k best records are ranked once per request; page and per_page page over them (itemsTotal is at most top_k). score is in 0..1, items in descending score.',
	'Places, organisations, periods and components the question names become filters, applied like the parameters and reported in `interpretation` (an addition to the interface); explicit parameters win over the question, and `ignore` drops parts of it.'
].join(' ');

export const GENAI = [
	'A successful turn costs 1 credit; a turn that fails or is refused consumes nothing and extends nothing. Omit conversation_id on the first turn (null or "" is a first turn too); a follow-up sends the one from the previous successful turn.',
	'Conversations expire after an hour without a turn and a day after they began, by default (conversation_expires_at, conversation_absolute_expires_at). Aggregate questions carry `figures`, computed over the whole dataset; `interpretation` says how the question was read.'
].join(' ');
