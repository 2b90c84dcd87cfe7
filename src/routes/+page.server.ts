import type { PageServerLoad } from './$types';
import { runtime } from '$lib/server/runtime';
import { datasetOverview } from '$lib/server/service/records/overview';

export const load: PageServerLoad = () => ({ overview: datasetOverview(runtime().db) });
