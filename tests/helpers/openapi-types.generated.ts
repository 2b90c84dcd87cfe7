// Generated from /openapi.json by openapi-typescript (scripts/openapi/client-types.ts): do not edit.
// `npm run openapi -- types` writes it anew; tests/service/contract.test.ts fails while it is stale.
export interface paths {
    "/v1/icd/videos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Structured search of ICD video records
         * @description Every word of `search` must match (title, summary, report, transcript); "quoted words" are a phrase, -word excludes, word* is a prefix; no input is query syntax. Blank `search` is no search; text with no letter or digit, or exclusions only, is 400. `sort` defaults to relevance with search, date_desc without; dates tie-break on primary_id, so paging is stable. A page past the end is an empty 200 whose prevPage points at the last page. Fields without a value are omitted (none is null); records that cannot be mapped may lack coordinates.
         */
        get: operations["searchIcdVideos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icd/videos/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One ICD video record by uuid
         * @description The uuid is matched case-insensitively; a malformed uuid is 400. Takes no query parameters (any is 400).
         */
        get: operations["getOneIcdVideo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icd/videos/by-component-id/{component_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One ICD video record by component id
         * @description The same record detail as the uuid route; needs the lookup feature. Takes no query parameters (any is 400).
         */
        get: operations["getIcdVideoByComponentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icd/videos/geo-manifest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mappable ICD video records, newest first, by cursor
         * @description Only mappable records (both coordinates, in range), newest first (primary_date, then primary_id, descending). limit defaults to 1000, at most 5000. next_cursor is null on the last page; itemsTotal counts the whole traversal. A cursor is opaque, signed, and bound to the key and to every other parameter (limit included): used otherwise it is 400 invalid_cursor.
         */
        get: operations["getIcdVideoGeoManifest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icd/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Structured search of ICD image records
         * @description Every word of `search` must match (title, summary, report, transcript); "quoted words" are a phrase, -word excludes, word* is a prefix; no input is query syntax. Blank `search` is no search; text with no letter or digit, or exclusions only, is 400. `sort` defaults to relevance with search, date_desc without; dates tie-break on primary_id, so paging is stable. A page past the end is an empty 200 whose prevPage points at the last page. Fields without a value are omitted (none is null); records that cannot be mapped may lack coordinates.
         */
        get: operations["searchIcdImages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icd/images/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One ICD image record by uuid
         * @description The uuid is matched case-insensitively; a malformed uuid is 400. Takes no query parameters (any is 400).
         */
        get: operations["getOneIcdImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icd/images/by-component-id/{component_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One ICD image record by component id
         * @description The same record detail as the uuid route; needs the lookup feature. Takes no query parameters (any is 400).
         */
        get: operations["getIcdImageByComponentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icd/images/geo-manifest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mappable ICD image records, newest first, by cursor
         * @description Only mappable records (both coordinates, in range), newest first (primary_date, then primary_id, descending). limit defaults to 1000, at most 5000. next_cursor is null on the last page; itemsTotal counts the whole traversal. A cursor is opaque, signed, and bound to the key and to every other parameter (limit included): used otherwise it is 400 invalid_cursor.
         */
        get: operations["getIcdImageGeoManifest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icd/videos/{uuid}/player": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Signed, expiring player URL for a ICD video
         * @description The link carries its own authorization (a signed token, no Authorization header needed) and expires 15 minutes after it is issued (`expires`, unix epoch seconds). Takes no query parameters (any is 400).
         */
        get: operations["getIcdVideoPlayer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icd/images/{uuid}/viewer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Signed, expiring image URL for a ICD image
         * @description The link carries its own authorization (a signed token, no Authorization header needed) and expires 15 minutes after it is issued (`expires`, unix epoch seconds). Takes no query parameters (any is 400).
         */
        get: operations["getIcdImageViewer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icd/nl-search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Natural language search over ICD video and image records: ranked by meaning, no generated answer
         * @description The top_k best records are ranked once per request; page and per_page page over them (itemsTotal is at most top_k). score is in 0..1, items in descending score. Places, organisations, periods and components the question names become filters, applied like the parameters and reported in `interpretation` (an addition to the interface); explicit parameters win over the question, and `ignore` drops parts of it.
         */
        get: operations["searchIcdNl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icd/domain-genai": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Domain GenAI turn on ICD: a grounded answer with sources; consumes credits; never retry automatically
         * @description A successful turn costs 1 credit; a turn that fails or is refused consumes nothing and extends nothing. Omit conversation_id on the first turn (null or "" is a first turn too); a follow-up sends the one from the previous successful turn. Conversations expire after an hour without a turn and a day after they began, by default (conversation_expires_at, conversation_absolute_expires_at). Aggregate questions carry `figures`, computed over the whole dataset; `interpretation` says how the question was read.
         */
        post: operations["icdDomainGenAiChat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icd/domain-genai/conversations/{conversation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete one of the caller's conversations: idempotent, free, 204 whatever the state
         * @description Deletes only the caller's own conversation in this dataset: another key's id, or an unknown, expired or already deleted one, is a no-op, still 204. Needs the dataset and the genai feature. Takes no query parameters (any is 400). REST only: no MCP tool.
         */
        delete: operations["deleteIcdConversation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icdb/videos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Structured search of ICDB video records
         * @description Every word of `search` must match (title, summary, report, transcript); "quoted words" are a phrase, -word excludes, word* is a prefix; no input is query syntax. Blank `search` is no search; text with no letter or digit, or exclusions only, is 400. `sort` defaults to relevance with search, date_desc without; dates tie-break on primary_id, so paging is stable. A page past the end is an empty 200 whose prevPage points at the last page. Fields without a value are omitted (none is null); records that cannot be mapped may lack coordinates.
         */
        get: operations["searchIcdbVideos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icdb/videos/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One ICDB video record by uuid
         * @description The uuid is matched case-insensitively; a malformed uuid is 400. Takes no query parameters (any is 400).
         */
        get: operations["getOneIcdbVideo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icdb/videos/by-component-id/{component_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One ICDB video record by component id
         * @description The same record detail as the uuid route; needs the lookup feature. Takes no query parameters (any is 400).
         */
        get: operations["getIcdbVideoByComponentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icdb/videos/geo-manifest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mappable ICDB video records, newest first, by cursor
         * @description Only mappable records (both coordinates, in range), newest first (primary_date, then primary_id, descending). limit defaults to 1000, at most 5000. next_cursor is null on the last page; itemsTotal counts the whole traversal. A cursor is opaque, signed, and bound to the key and to every other parameter (limit included): used otherwise it is 400 invalid_cursor.
         */
        get: operations["getIcdbVideoGeoManifest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icdb/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Structured search of ICDB image records
         * @description Every word of `search` must match (title, summary, report, transcript); "quoted words" are a phrase, -word excludes, word* is a prefix; no input is query syntax. Blank `search` is no search; text with no letter or digit, or exclusions only, is 400. `sort` defaults to relevance with search, date_desc without; dates tie-break on primary_id, so paging is stable. A page past the end is an empty 200 whose prevPage points at the last page. Fields without a value are omitted (none is null); records that cannot be mapped may lack coordinates.
         */
        get: operations["searchIcdbImages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icdb/images/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One ICDB image record by uuid
         * @description The uuid is matched case-insensitively; a malformed uuid is 400. Takes no query parameters (any is 400).
         */
        get: operations["getOneIcdbImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icdb/images/by-component-id/{component_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One ICDB image record by component id
         * @description The same record detail as the uuid route; needs the lookup feature. Takes no query parameters (any is 400).
         */
        get: operations["getIcdbImageByComponentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icdb/images/geo-manifest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mappable ICDB image records, newest first, by cursor
         * @description Only mappable records (both coordinates, in range), newest first (primary_date, then primary_id, descending). limit defaults to 1000, at most 5000. next_cursor is null on the last page; itemsTotal counts the whole traversal. A cursor is opaque, signed, and bound to the key and to every other parameter (limit included): used otherwise it is 400 invalid_cursor.
         */
        get: operations["getIcdbImageGeoManifest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icdb/videos/{uuid}/player": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Signed, expiring player URL for a ICDB video
         * @description The link carries its own authorization (a signed token, no Authorization header needed) and expires 15 minutes after it is issued (`expires`, unix epoch seconds). Takes no query parameters (any is 400).
         */
        get: operations["getIcdbVideoPlayer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icdb/images/{uuid}/viewer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Signed, expiring image URL for a ICDB image
         * @description The link carries its own authorization (a signed token, no Authorization header needed) and expires 15 minutes after it is issued (`expires`, unix epoch seconds). Takes no query parameters (any is 400).
         */
        get: operations["getIcdbImageViewer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icdb/nl-search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Natural language search over ICDB video and image records: ranked by meaning, no generated answer
         * @description The top_k best records are ranked once per request; page and per_page page over them (itemsTotal is at most top_k). score is in 0..1, items in descending score. Places, organisations, periods and components the question names become filters, applied like the parameters and reported in `interpretation` (an addition to the interface); explicit parameters win over the question, and `ignore` drops parts of it.
         */
        get: operations["searchIcdbNl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icdb/domain-genai": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Domain GenAI turn on ICDB: a grounded answer with sources; consumes credits; never retry automatically
         * @description A successful turn costs 1 credit; a turn that fails or is refused consumes nothing and extends nothing. Omit conversation_id on the first turn (null or "" is a first turn too); a follow-up sends the one from the previous successful turn. Conversations expire after an hour without a turn and a day after they began, by default (conversation_expires_at, conversation_absolute_expires_at). Aggregate questions carry `figures`, computed over the whole dataset; `interpretation` says how the question was read.
         */
        post: operations["icdbDomainGenAiChat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/icdb/domain-genai/conversations/{conversation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete one of the caller's conversations: idempotent, free, 204 whatever the state
         * @description Deletes only the caller's own conversation in this dataset: another key's id, or an unknown, expired or already deleted one, is a no-op, still 204. Needs the dataset and the genai feature. Takes no query parameters (any is 400). REST only: no MCP tool.
         */
        delete: operations["deleteIcdbConversation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        SearchResponse: {
            itemsReceived: number;
            curPage: number;
            nextPage: number | null;
            prevPage: number | null;
            offset: number;
            perPage: number;
            itemsTotal: number;
            pageTotal: number;
            items: {
                /** Format: uuid */
                uuid?: string;
                primary_id?: number;
                /** Format: date */
                primary_date?: string;
                entity?: string;
                primary_country?: string;
                title?: string;
                second_geo_layer?: string;
                dominant_lat?: number;
                dominant_long?: number;
                summary?: string;
            }[];
        };
        RecordDetail: {
            /** Format: uuid */
            uuid?: string;
            primary_id?: number;
            /** Format: date */
            primary_date?: string;
            entity?: string;
            primary_country?: string;
            title?: string;
            second_geo_layer?: string;
            dominant_lat?: number;
            dominant_long?: number;
            summary?: string;
            report?: string;
            transcript?: string;
        };
        VideoPlayerResponse: {
            /** @constant */
            status: "ok";
            embed_url: string;
            /** @description unix epoch seconds */
            expires: number;
            /** Format: uuid */
            uuid: string;
            title: string;
        };
        ImageViewerResponse: {
            /** @constant */
            status: "ok";
            signed_url: string;
            /** @description unix epoch seconds (an addition to the spec fields) */
            expires: number;
            /** Format: uuid */
            uuid: string;
            title: string;
        };
        GeoManifestResponse: {
            /** @constant */
            status: "ok";
            items: {
                /** Format: uuid */
                uuid: string;
                primary_id: number;
                /** Format: date */
                primary_date: string;
                entity?: string;
                primary_country?: string;
                second_geo_layer?: string;
                title?: string;
                dominant_lat: number;
                dominant_long: number;
            }[];
            itemsReceived: number;
            itemsTotal: number;
            limit: number;
            next_cursor: string | null;
        };
        NlSearchResponse: {
            itemsReceived: number;
            curPage: number;
            nextPage: number | null;
            prevPage: number | null;
            offset: number;
            perPage: number;
            /** @description ranked records, at most top_k */
            itemsTotal: number;
            pageTotal: number;
            /** @constant */
            status: "ok";
            retrieval_question: string;
            /** @description video, image, or all */
            source_component_filter: string;
            top_k: number;
            items: {
                /** Format: uuid */
                uuid?: string;
                primary_id?: number;
                /** Format: date */
                primary_date?: string;
                entity?: string;
                primary_country?: string;
                summary?: string;
                /** @enum {string} */
                source_component: "video" | "image";
                /** @enum {string} */
                source_database: "ICD" | "ICDB";
                sub_entity?: string;
                /** @description relevance in 0..1; items are in descending order */
                score: number;
                /** @description the best-matching chunk: stable across restarts */
                match_chunk_id: string;
                /** @enum {string} */
                section_type: "transcript" | "visual_analysis" | "audio_analysis" | "summary" | "metadata";
            }[];
            /** @description How the question was understood (an addition to the spec: clients may ignore it). */
            interpretation?: {
                parts: {
                    /** @enum {string} */
                    kind: "country" | "area" | "town" | "entity" | "sub_entity" | "date" | "component";
                    /** @enum {string} */
                    group: "place" | "date" | "organisation" | "component";
                    /** @description the words of the question */
                    text: string;
                    /** @description how to show it, e.g. "Khartoum, Sudan" or "March–May 2023" */
                    label: string;
                    /** @enum {string} */
                    status: "applied" | "overridden" | "ignored";
                    /** @description why a part is not applied */
                    reason?: string;
                    value?: string;
                    country?: string;
                    /** Format: date */
                    date_from?: string;
                    /** Format: date */
                    date_to?: string;
                    /** @description named by an earlier question of the conversation */
                    from_earlier_question?: boolean;
                    /**
                     * @description false for a real place the data has no record of; applied all the same, so the answer is empty
                     * @constant
                     */
                    in_data?: false;
                    /** @description what to know about the part beside its status, e.g. "the data has no record from Ukraine" */
                    note?: string;
                    /**
                     * @description the question leaves it out ("outside Sudan", "except 2020"): records it names are not answered
                     * @constant
                     */
                    excluded?: true;
                }[];
                /** @description every filter applied: the request parameters and what was read from the question */
                filters: {
                    /** @description set when the places are in one country */
                    country?: string;
                    /** @description any of these */
                    places?: ({
                        country: string;
                    } | {
                        country: string;
                        area: string;
                    } | {
                        country: string;
                        town: string;
                        lat: number;
                        lon: number;
                        radius_km: number;
                    })[];
                    entity?: string;
                    /** @description set when the question names two or more organisations: any of them */
                    entities?: string[];
                    sub_entity?: string;
                    /** Format: date */
                    date_from?: string;
                    /** Format: date */
                    date_to?: string;
                    /** @enum {string} */
                    source_component?: "video" | "image";
                    /** @description what the question leaves out: records matching any of these are not answered */
                    exclude?: {
                        places?: ({
                            country: string;
                        } | {
                            country: string;
                            area: string;
                        } | {
                            country: string;
                            town: string;
                            lat: number;
                            lon: number;
                            radius_km: number;
                        })[];
                        entities?: string[];
                        sub_entities?: string[];
                        periods?: {
                            /** Format: date */
                            from?: string;
                            /** Format: date */
                            to?: string;
                        }[];
                    };
                };
                /** @description the question without the recognised parts: what was matched as text */
                searched_text: string;
                /**
                 * Format: date-time
                 * @description the clock relative dates ("last month") were read against
                 */
                reference_time: string;
                ignored_groups: ("place" | "date" | "organisation" | "component")[];
            };
        };
        DomainGenAiResponse: {
            answer: string;
            sources: {
                /** Format: uuid */
                uuid?: string;
                primary_id?: number;
                /** Format: date */
                primary_date?: string;
                entity?: string;
                primary_country?: string;
                title?: string;
                second_geo_layer?: string;
                summary?: string;
                /** @description the [n] that cites this source in the answer */
                citation: number;
                /**
                 * @description dataset label: keep it when showing the source
                 * @enum {string}
                 */
                dataset: "ICD" | "ICDB";
                /** @enum {string} */
                source_database: "ICD" | "ICDB";
                /** @enum {string} */
                source_component: "video" | "image";
                score: number;
                match_chunk_id: string;
                /** @enum {string} */
                section_type: "transcript" | "visual_analysis" | "audio_analysis" | "summary" | "metadata";
                /** @description the supporting chunk (shortened) */
                excerpt: string;
            }[];
            response_id: string;
            conversation_id: string;
            /**
             * Format: date-time
             * @description current inactivity deadline
             */
            conversation_expires_at: string;
            /**
             * Format: date-time
             * @description fixed maximum-lifetime deadline
             */
            conversation_absolute_expires_at: string;
            usage: {
                prompt_tokens: number;
                output_tokens: number;
                total_tokens: number;
            };
            /**
             * @deprecated
             * @description deprecated since v1.3.0, removed not before v2.0.0: same as usage.prompt_tokens
             */
            rag_prompt_tokens: number;
            /**
             * @deprecated
             * @description deprecated since v1.3.0, removed not before v2.0.0: same as usage.output_tokens
             */
            rag_output_tokens: number;
            /**
             * @deprecated
             * @description deprecated since v1.3.0, removed not before v2.0.0: same as usage.total_tokens
             */
            rag_total_tokens: number;
            /** @description offline, or llm:<model> */
            answer_provider: string;
            credits_charged: number;
            credits_remaining: number;
            /** @description How the question was understood (an addition to the spec: clients may ignore it). */
            interpretation?: {
                parts: {
                    /** @enum {string} */
                    kind: "country" | "area" | "town" | "entity" | "sub_entity" | "date" | "component";
                    /** @enum {string} */
                    group: "place" | "date" | "organisation" | "component";
                    /** @description the words of the question */
                    text: string;
                    /** @description how to show it, e.g. "Khartoum, Sudan" or "March–May 2023" */
                    label: string;
                    /** @enum {string} */
                    status: "applied" | "overridden" | "ignored";
                    /** @description why a part is not applied */
                    reason?: string;
                    value?: string;
                    country?: string;
                    /** Format: date */
                    date_from?: string;
                    /** Format: date */
                    date_to?: string;
                    /** @description named by an earlier question of the conversation */
                    from_earlier_question?: boolean;
                    /**
                     * @description false for a real place the data has no record of; applied all the same, so the answer is empty
                     * @constant
                     */
                    in_data?: false;
                    /** @description what to know about the part beside its status, e.g. "the data has no record from Ukraine" */
                    note?: string;
                    /**
                     * @description the question leaves it out ("outside Sudan", "except 2020"): records it names are not answered
                     * @constant
                     */
                    excluded?: true;
                }[];
                /** @description every filter applied: the request parameters and what was read from the question */
                filters: {
                    /** @description set when the places are in one country */
                    country?: string;
                    /** @description any of these */
                    places?: ({
                        country: string;
                    } | {
                        country: string;
                        area: string;
                    } | {
                        country: string;
                        town: string;
                        lat: number;
                        lon: number;
                        radius_km: number;
                    })[];
                    entity?: string;
                    /** @description set when the question names two or more organisations: any of them */
                    entities?: string[];
                    sub_entity?: string;
                    /** Format: date */
                    date_from?: string;
                    /** Format: date */
                    date_to?: string;
                    /** @enum {string} */
                    source_component?: "video" | "image";
                    /** @description what the question leaves out: records matching any of these are not answered */
                    exclude?: {
                        places?: ({
                            country: string;
                        } | {
                            country: string;
                            area: string;
                        } | {
                            country: string;
                            town: string;
                            lat: number;
                            lon: number;
                            radius_km: number;
                        })[];
                        entities?: string[];
                        sub_entities?: string[];
                        periods?: {
                            /** Format: date */
                            from?: string;
                            /** Format: date */
                            to?: string;
                        }[];
                    };
                };
                /** @description the question without the recognised parts: what was matched as text */
                searched_text: string;
                /**
                 * Format: date-time
                 * @description the clock relative dates ("last month") were read against
                 */
                reference_time: string;
                ignored_groups: ("place" | "date" | "organisation" | "component")[];
            };
            /** @description (addition) The figure an aggregate question asks for, computed over the whole dataset. */
            figures?: {
                /**
                 * @description changes: places whose records in the period differ from their own baseline beyond chance (emerging hotspots)
                 * @enum {string}
                 */
                kind: "count" | "rank" | "trend" | "compare" | "changes";
                /**
                 * @description rank: what is ranked; trend: the bucket; compare: what is compared
                 * @enum {string}
                 */
                dimension?: "entity" | "sub_entity" | "country" | "area" | "town" | "year" | "month" | "component" | "date";
                /** @description records within every filter that the key may see (compare: all compared values together) */
                total: number;
                /** @description rank: most first (fewest first with order "least"); trend: in time order; compare: in the order the question names them; changes: strongest change first */
                groups?: {
                    label: string;
                    count: number;
                    /** @description changes: the records the place's baseline leads one to expect in the period */
                    expected?: number;
                    /**
                     * @description changes: how the place changed
                     * @enum {string}
                     */
                    change?: "new" | "intensifying" | "diminishing";
                    /** @description changes: the place's cell centre, [longitude, latitude] */
                    centre?: [
                        number,
                        number
                    ];
                }[];
                /**
                 * @description rank: the question asked for the fewest, and groups are fewest first
                 * @constant
                 */
                order?: "least";
                by_component: {
                    video?: number;
                    image?: number;
                };
                /** @description the dates covered */
                period: {
                    from: string | null;
                    to: string | null;
                };
                /** @description words every counted record contains */
                text_terms?: string[];
                /** @description changes: the windows of the same length before the period that it was compared with */
                baseline?: {
                    from: string;
                    to: string;
                    windows: number;
                };
                /** @description changes: places (grid cells) with records in the period or its baseline */
                tested?: number;
                note?: string;
            };
        } & {
            [key: string]: unknown;
        };
        Problem: {
            type: string;
            title: string;
            status: number;
            detail?: string;
            instance?: string;
            code?: string;
            remediation?: string;
            errors?: {
                param: string;
                message: string;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. */
        RateLimit: string;
        /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. */
        "RateLimit-Policy": string;
        /** @description Whole seconds to wait before sending the request again, at least 1. */
        "Retry-After": number;
        /** @description Bearer realm="icd", error="invalid_token" */
        "WWW-Authenticate": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    searchIcdVideos: {
        parameters: {
            query?: {
                /** @description Words to find in title, summary, report and transcript; every word must match. "Quoted words" match as a phrase, -word (or -"a phrase") excludes, word* matches as a prefix, hyphenated words (al-Qasr) match as a phrase; other punctuation separates words. Up to 1000 characters; blank is no search, otherwise at least one letter or digit (and a word to look for, not only -exclusions). */
                search?: string;
                /** @description Only records whose primary country is this name (exact, case-insensitive), e.g. "Syria". */
                country?: string;
                /** @description Only records of this associated entity (exact name, case-insensitive). */
                entity?: string;
                /** @description Only records on or after this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or before date_to, or the request is 400. */
                date_from?: string;
                /** @description Only records on or before this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or after date_from, or the request is 400. */
                date_to?: string;
                /** @description Page number, from 1 (default 1). */
                page?: number;
                /** @description Results per page, 1 to 100 (default 25). */
                per_page?: number;
                /** @description Order: relevance (default with search), date_desc (default without), date_asc, id_asc, id_desc. */
                sort?: "date_desc" | "date_asc" | "relevance" | "id_asc" | "id_desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResponse"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOneIcdVideo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The record uuid, as returned in search results. */
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordDetail"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such record, or one outside the key's entities (answered alike, so a restricted key learns nothing of it) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIcdVideoByComponentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The component id (primary_id) of the record, a positive integer. */
                component_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordDetail"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such record, or one outside the key's entities (answered alike, so a restricted key learns nothing of it) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIcdVideoGeoManifest: {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page, with every other parameter unchanged; omit for the first page. */
                cursor?: string;
                /** @description Items per page, 1 to 5000 (default 1000). */
                limit?: number;
                /** @description Only records whose primary country is this name (exact, case-insensitive), e.g. "Syria". */
                country?: string;
                /** @description Only records of this associated entity (exact name, case-insensitive). */
                entity?: string;
                /** @description Only records on or after this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or before date_to, or the request is 400. */
                date_from?: string;
                /** @description Only records on or before this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or after date_from, or the request is 400. */
                date_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeoManifestResponse"];
                };
            };
            /** @description invalid_parameter (a parameter is malformed, out of range, unknown or given twice), or invalid_cursor: the cursor does not verify for this key and these parameters; repeat the request without it */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    searchIcdImages: {
        parameters: {
            query?: {
                /** @description Words to find in title, summary, report and transcript; every word must match. "Quoted words" match as a phrase, -word (or -"a phrase") excludes, word* matches as a prefix, hyphenated words (al-Qasr) match as a phrase; other punctuation separates words. Up to 1000 characters; blank is no search, otherwise at least one letter or digit (and a word to look for, not only -exclusions). */
                search?: string;
                /** @description Only records whose primary country is this name (exact, case-insensitive), e.g. "Syria". */
                country?: string;
                /** @description Only records of this associated entity (exact name, case-insensitive). */
                entity?: string;
                /** @description Only records on or after this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or before date_to, or the request is 400. */
                date_from?: string;
                /** @description Only records on or before this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or after date_from, or the request is 400. */
                date_to?: string;
                /** @description Page number, from 1 (default 1). */
                page?: number;
                /** @description Results per page, 1 to 100 (default 25). */
                per_page?: number;
                /** @description Order: relevance (default with search), date_desc (default without), date_asc, id_asc, id_desc. */
                sort?: "date_desc" | "date_asc" | "relevance" | "id_asc" | "id_desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResponse"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOneIcdImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The record uuid, as returned in search results. */
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordDetail"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such record, or one outside the key's entities (answered alike, so a restricted key learns nothing of it) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIcdImageByComponentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The component id (primary_id) of the record, a positive integer. */
                component_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordDetail"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such record, or one outside the key's entities (answered alike, so a restricted key learns nothing of it) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIcdImageGeoManifest: {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page, with every other parameter unchanged; omit for the first page. */
                cursor?: string;
                /** @description Items per page, 1 to 5000 (default 1000). */
                limit?: number;
                /** @description Only records whose primary country is this name (exact, case-insensitive), e.g. "Syria". */
                country?: string;
                /** @description Only records of this associated entity (exact name, case-insensitive). */
                entity?: string;
                /** @description Only records on or after this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or before date_to, or the request is 400. */
                date_from?: string;
                /** @description Only records on or before this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or after date_from, or the request is 400. */
                date_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeoManifestResponse"];
                };
            };
            /** @description invalid_parameter (a parameter is malformed, out of range, unknown or given twice), or invalid_cursor: the cursor does not verify for this key and these parameters; repeat the request without it */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIcdVideoPlayer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The record uuid, as returned in search results. */
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoPlayerResponse"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such record, or one outside the key's entities (answered alike, so a restricted key learns nothing of it) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIcdImageViewer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The record uuid, as returned in search results. */
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageViewerResponse"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such record, or one outside the key's entities (answered alike, so a restricted key learns nothing of it) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    searchIcdNl: {
        parameters: {
            query: {
                /** @description The question or descriptive phrase, 1 to 4000 characters with at least one letter or digit; any punctuation is fine, nothing is query syntax. Places, organisations, periods and components it names become filters, reported in interpretation. */
                search: string;
                /** @description Only records whose primary country is this name (exact, case-insensitive); a place the question names that contradicts it is overridden. */
                country?: string;
                /** @description Only records of this entity (exact name, case-insensitive); an organisation the question names that contradicts it is overridden. */
                entity?: string;
                /** @description video, image, or all (the default, as source_component_filter echoes it) */
                source_component?: "all" | "video" | "image";
                /** @description Page of the ranked list, from 1 (default 1); a page past the end is an empty 200. */
                page?: number;
                /** @description Results per page, 1 to 50 (default 10); above is 400, never a clamp. */
                per_page?: number;
                /** @description How many records are ranked, 1 to 200 (default 50); page and per_page page over them, itemsTotal counts them. */
                top_k?: number;
                /** @description Only records on or after this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or before date_to, or the request is 400. */
                date_from?: string;
                /** @description Only records on or before this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or after date_from, or the request is 400. */
                date_to?: string;
                /** @description Parts of the question not to apply as filters: place, date, organisation, component, or all (then the question is only searched as text); an array, or one comma-separated string ("date,place"). In the query: repeated (ignore=x&ignore=y), as a generated client sends an array, or one comma-separated value (ignore=x,y). */
                ignore?: ("place" | "date" | "organisation" | "component" | "all")[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NlSearchResponse"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description upstream_unavailable: the configured embeddings endpoint failed; a fixed detail */
            502: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    icdDomainGenAiChat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the question, 1 to 4000 characters with at least one letter or digit */
                    question: string;
                    /** @description opaque, from the preceding successful turn; omit on the first turn */
                    conversation_id?: string;
                    /** @description focuses retrieval on records of this country */
                    primary_country?: string;
                    /** @description focuses retrieval on records of this entity */
                    entity?: string;
                    /** @description most sources to use (default 8) */
                    top_k?: number;
                    /**
                     * Format: date
                     * @description (addition) limits the turn to records from this date (YYYY-MM-DD, inclusive; on or before date_to); the question can narrow it
                     */
                    date_from?: string;
                    /**
                     * Format: date
                     * @description (addition) limits the turn to records up to this date (YYYY-MM-DD, inclusive; on or after date_from); the question can narrow it
                     */
                    date_to?: string;
                    /**
                     * @description (addition) limits the turn to one component
                     * @enum {string}
                     */
                    source_component?: "video" | "image";
                    /** @description Parts of the question not to apply as filters: place, date, organisation, component, or all (then the question is only searched as text); an array, or one comma-separated string ("date,place"). */
                    ignore?: ("place" | "date" | "organisation" | "component" | "all")[] | string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainGenAiResponse"];
                };
            };
            /** @description invalid_parameter: a field is malformed, out of range or unknown, the body is not a JSON object, or not application/json; errors names each one. Nothing is consumed */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description credits_exhausted: too few Domain GenAI credits; nothing was consumed */
            402: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conversation_unavailable: the conversation_id is expired, deleted, unknown, of the other dataset or of another key (one identical body); nothing is consumed */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than the service accepts (a question needs a few kilobytes) */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description upstream_unavailable: the configured language model failed; a fixed detail, nothing consumed, no deadline moved */
            502: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteIcdConversation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The conversation_id of a Domain GenAI answer. */
                conversation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, or nothing to delete */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    searchIcdbVideos: {
        parameters: {
            query?: {
                /** @description Words to find in title, summary, report and transcript; every word must match. "Quoted words" match as a phrase, -word (or -"a phrase") excludes, word* matches as a prefix, hyphenated words (al-Qasr) match as a phrase; other punctuation separates words. Up to 1000 characters; blank is no search, otherwise at least one letter or digit (and a word to look for, not only -exclusions). */
                search?: string;
                /** @description Only records whose primary country is this name (exact, case-insensitive), e.g. "Syria". */
                country?: string;
                /** @description Only records of this associated entity (exact name, case-insensitive). */
                entity?: string;
                /** @description Only records on or after this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or before date_to, or the request is 400. */
                date_from?: string;
                /** @description Only records on or before this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or after date_from, or the request is 400. */
                date_to?: string;
                /** @description Page number, from 1 (default 1). */
                page?: number;
                /** @description Results per page, 1 to 100 (default 25). */
                per_page?: number;
                /** @description Order: relevance (default with search), date_desc (default without), date_asc, id_asc, id_desc. */
                sort?: "date_desc" | "date_asc" | "relevance" | "id_asc" | "id_desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResponse"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOneIcdbVideo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The record uuid, as returned in search results. */
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordDetail"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such record, or one outside the key's entities (answered alike, so a restricted key learns nothing of it) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIcdbVideoByComponentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The component id (primary_id) of the record, a positive integer. */
                component_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordDetail"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such record, or one outside the key's entities (answered alike, so a restricted key learns nothing of it) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIcdbVideoGeoManifest: {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page, with every other parameter unchanged; omit for the first page. */
                cursor?: string;
                /** @description Items per page, 1 to 5000 (default 1000). */
                limit?: number;
                /** @description Only records whose primary country is this name (exact, case-insensitive), e.g. "Syria". */
                country?: string;
                /** @description Only records of this associated entity (exact name, case-insensitive). */
                entity?: string;
                /** @description Only records on or after this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or before date_to, or the request is 400. */
                date_from?: string;
                /** @description Only records on or before this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or after date_from, or the request is 400. */
                date_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeoManifestResponse"];
                };
            };
            /** @description invalid_parameter (a parameter is malformed, out of range, unknown or given twice), or invalid_cursor: the cursor does not verify for this key and these parameters; repeat the request without it */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    searchIcdbImages: {
        parameters: {
            query?: {
                /** @description Words to find in title, summary, report and transcript; every word must match. "Quoted words" match as a phrase, -word (or -"a phrase") excludes, word* matches as a prefix, hyphenated words (al-Qasr) match as a phrase; other punctuation separates words. Up to 1000 characters; blank is no search, otherwise at least one letter or digit (and a word to look for, not only -exclusions). */
                search?: string;
                /** @description Only records whose primary country is this name (exact, case-insensitive), e.g. "Syria". */
                country?: string;
                /** @description Only records of this associated entity (exact name, case-insensitive). */
                entity?: string;
                /** @description Only records on or after this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or before date_to, or the request is 400. */
                date_from?: string;
                /** @description Only records on or before this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or after date_from, or the request is 400. */
                date_to?: string;
                /** @description Page number, from 1 (default 1). */
                page?: number;
                /** @description Results per page, 1 to 100 (default 25). */
                per_page?: number;
                /** @description Order: relevance (default with search), date_desc (default without), date_asc, id_asc, id_desc. */
                sort?: "date_desc" | "date_asc" | "relevance" | "id_asc" | "id_desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResponse"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOneIcdbImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The record uuid, as returned in search results. */
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordDetail"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such record, or one outside the key's entities (answered alike, so a restricted key learns nothing of it) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIcdbImageByComponentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The component id (primary_id) of the record, a positive integer. */
                component_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordDetail"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such record, or one outside the key's entities (answered alike, so a restricted key learns nothing of it) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIcdbImageGeoManifest: {
        parameters: {
            query?: {
                /** @description next_cursor of the previous page, with every other parameter unchanged; omit for the first page. */
                cursor?: string;
                /** @description Items per page, 1 to 5000 (default 1000). */
                limit?: number;
                /** @description Only records whose primary country is this name (exact, case-insensitive), e.g. "Syria". */
                country?: string;
                /** @description Only records of this associated entity (exact name, case-insensitive). */
                entity?: string;
                /** @description Only records on or after this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or before date_to, or the request is 400. */
                date_from?: string;
                /** @description Only records on or before this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or after date_from, or the request is 400. */
                date_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeoManifestResponse"];
                };
            };
            /** @description invalid_parameter (a parameter is malformed, out of range, unknown or given twice), or invalid_cursor: the cursor does not verify for this key and these parameters; repeat the request without it */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIcdbVideoPlayer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The record uuid, as returned in search results. */
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VideoPlayerResponse"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such record, or one outside the key's entities (answered alike, so a restricted key learns nothing of it) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getIcdbImageViewer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The record uuid, as returned in search results. */
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageViewerResponse"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such record, or one outside the key's entities (answered alike, so a restricted key learns nothing of it) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    searchIcdbNl: {
        parameters: {
            query: {
                /** @description The question or descriptive phrase, 1 to 4000 characters with at least one letter or digit; any punctuation is fine, nothing is query syntax. Places, organisations, periods and components it names become filters, reported in interpretation. */
                search: string;
                /** @description Only records whose primary country is this name (exact, case-insensitive); a place the question names that contradicts it is overridden. */
                country?: string;
                /** @description Only records of this entity (exact name, case-insensitive); an organisation the question names that contradicts it is overridden. */
                entity?: string;
                /** @description video, image, or all (the default, as source_component_filter echoes it) */
                source_component?: "all" | "video" | "image";
                /** @description Page of the ranked list, from 1 (default 1); a page past the end is an empty 200. */
                page?: number;
                /** @description Results per page, 1 to 50 (default 10); above is 400, never a clamp. */
                per_page?: number;
                /** @description How many records are ranked, 1 to 200 (default 50); page and per_page page over them, itemsTotal counts them. */
                top_k?: number;
                /** @description Only records on or after this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or before date_to, or the request is 400. */
                date_from?: string;
                /** @description Only records on or before this date (YYYY-MM-DD, a calendar date; inclusive). Must be on or after date_from, or the request is 400. */
                date_to?: string;
                /** @description Parts of the question not to apply as filters: place, date, organisation, component, or all (then the question is only searched as text); an array, or one comma-separated string ("date,place"). In the query: repeated (ignore=x&ignore=y), as a generated client sends an array, or one comma-separated value (ignore=x,y). */
                ignore?: ("place" | "date" | "organisation" | "component" | "all")[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NlSearchResponse"];
                };
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description upstream_unavailable: the configured embeddings endpoint failed; a fixed detail */
            502: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    icdbDomainGenAiChat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the question, 1 to 4000 characters with at least one letter or digit */
                    question: string;
                    /** @description opaque, from the preceding successful turn; omit on the first turn */
                    conversation_id?: string;
                    /** @description focuses retrieval on records of this country */
                    primary_country?: string;
                    /** @description focuses retrieval on records of this entity */
                    entity?: string;
                    /** @description most sources to use (default 8) */
                    top_k?: number;
                    /**
                     * Format: date
                     * @description (addition) limits the turn to records from this date (YYYY-MM-DD, inclusive; on or before date_to); the question can narrow it
                     */
                    date_from?: string;
                    /**
                     * Format: date
                     * @description (addition) limits the turn to records up to this date (YYYY-MM-DD, inclusive; on or after date_from); the question can narrow it
                     */
                    date_to?: string;
                    /**
                     * @description (addition) limits the turn to one component
                     * @enum {string}
                     */
                    source_component?: "video" | "image";
                    /** @description Parts of the question not to apply as filters: place, date, organisation, component, or all (then the question is only searched as text); an array, or one comma-separated string ("date,place"). */
                    ignore?: ("place" | "date" | "organisation" | "component" | "all")[] | string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainGenAiResponse"];
                };
            };
            /** @description invalid_parameter: a field is malformed, out of range or unknown, the body is not a JSON object, or not application/json; errors names each one. Nothing is consumed */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description credits_exhausted: too few Domain GenAI credits; nothing was consumed */
            402: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conversation_unavailable: the conversation_id is expired, deleted, unknown, of the other dataset or of another key (one identical body); nothing is consumed */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than the service accepts (a question needs a few kilobytes) */
            413: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description upstream_unavailable: the configured language model failed; a fixed detail, nothing consumed, no deadline moved */
            502: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description overloaded (more reads waiting than the queue holds: the request was not started) or read_interrupted (the reader answering stopped and was replaced); retry after Retry-After */
            503: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteIcdbConversation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The conversation_id of a Domain GenAI answer. */
                conversation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted, or nothing to delete */
            204: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_parameter: a parameter is malformed, out of range, unknown or given twice (a list parameter may repeat); errors names each one */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: the key is missing, malformed, unknown or revoked (authentication comes first, before any other check) */
            401: {
                headers: {
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key may not use this dataset or feature (the detail names which); or host_not_allowed, cross_site_request (refused at the edge) */
            403: {
                headers: {
                    /** @description The key's bucket now (IETF httpapi RateLimit draft): "burst";r=<tokens left>;t=<seconds>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    RateLimit?: string;
                    /** @description The key's token bucket (IETF httpapi RateLimit draft): "burst";q=<burst>;w=<seconds to refill>. Sent on every answer to an authenticated request. Absent on host_not_allowed and cross_site_request, refused before the key is read. */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limited: the key's token bucket is empty. The body is a problem, sent as application/json as the interface states */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
