export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness and readiness; the details (database mode, sync backlog) for a metrics token */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tokens (never their secrets), a page at a time
         * @description The tokens whose scopes and schools are all within the caller’s own: the configured ones first, then the issued ones in the order they were issued, 20 a page unless `__per_page` says otherwise (at most 100).
         */
        get: operations["listTokens"];
        put?: never;
        /**
         * Issue a token; its secret is in this reply only (stored as a hash)
         * @description A token grants nothing it lacks: every scope and school of the new token must be the issuer’s own (403 `FORBIDDEN` naming the excess), and it expires no later than the issuer. An issuer holds at most `MAX_ACTIVE_TOKENS_PER_ISSUER` active, unexpired tokens it issued (409 `CONFLICT` past it: revoke one first). The new token shares the rate-limit window of the token at the root of its chain of issuers.
         */
        post: operations["issueToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Revoke (active: false) or restore a token; takes effect at once
         * @description Only tokens within the caller’s scopes and schools are found (404 otherwise). The widest revocation stands: revoking a revoked token again with power covering its revoker’s makes the revocation yours (`revoked_by`). A token revoked by a token with more power can be restored only by a token with at least that power (403).
         */
        put: operations["setTokenActive"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integration/sync/{collection}/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a record to the external system again now (after a failure, or any time) */
        post: operations["retrySync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integration/sync/students/resync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the full state of every matching student again (go-live, recovery)
         * @description Filters on the fields of students narrow what is sent again (e.g. `school=<id>`), with the query conventions; without filters, every students record in your schools. A repeated resync is coalesced: a record already pending a full send, or resynced less than 60 s ago, is not queued again (counted in `coalesced`, still 202).
         */
        post: operations["resyncStudents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integration/sync/parents/resync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the full state of every matching parent again (go-live, recovery)
         * @description Filters on the fields of parents narrow what is sent again (e.g. `school=<id>`), with the query conventions; without filters, every parents record in your schools. A repeated resync is coalesced: a record already pending a full send, or resynced less than 60 s ago, is not queued again (counted in `coalesced`, still 202).
         */
        post: operations["resyncParents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integration/sync/grades/resync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the full state of every matching grade again (go-live, recovery)
         * @description Filters on the fields of grades narrow what is sent again (e.g. `school=<id>`), with the query conventions; without filters, every grades record in your schools. A repeated resync is coalesced: a record already pending a full send, or resynced less than 60 s ago, is not queued again (counted in `coalesced`, still 202).
         */
        post: operations["resyncGrades"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integration/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Delivery attempts (record, operation, path, status, duration, error class) with the query conventions */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List schools with filters, search, select, populate, sort and pagination */
        get: operations["listSchools"];
        /** Update the school whose _id the body names */
        put: operations["updateSchoolByBodyId"];
        /** Create a school */
        post: operations["createSchool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schools/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one school by _id (select and populate apply) */
        get: operations["getSchool"];
        /** Update a school by _id: the body's fields are set, nested objects merge, arrays are replaced, null clears */
        put: operations["updateSchool"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/years": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List years with filters, search, select, populate, sort and pagination */
        get: operations["listYears"];
        /** Update the year whose _id the body names */
        put: operations["updateYearByBodyId"];
        /** Create a year */
        post: operations["createYear"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/years/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one year by _id (select and populate apply) */
        get: operations["getYear"];
        /** Update a year by _id: the body's fields are set, nested objects merge, arrays are replaced, null clears */
        put: operations["updateYear"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/courses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List courses with filters, search, select, populate, sort and pagination */
        get: operations["listCourses"];
        /** Update the course whose _id the body names */
        put: operations["updateCourseByBodyId"];
        /** Create a course */
        post: operations["createCourse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/courses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one course by _id (select and populate apply) */
        get: operations["getCourse"];
        /** Update a course by _id: the body's fields are set, nested objects merge, arrays are replaced, null clears */
        put: operations["updateCourse"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List sections with filters, search, select, populate, sort and pagination */
        get: operations["listSections"];
        /** Update the section whose _id the body names */
        put: operations["updateSectionByBodyId"];
        /** Create a section */
        post: operations["createSection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one section by _id (select and populate apply) */
        get: operations["getSection"];
        /** Update a section by _id: the body's fields are set, nested objects merge, arrays are replaced, null clears */
        put: operations["updateSection"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/grades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List grades with filters, search, select, populate, sort and pagination */
        get: operations["listGrades"];
        /** Update the grade whose _id the body names */
        put: operations["updateGradeByBodyId"];
        /** Create a grade */
        post: operations["createGrade"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/grades/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one grade by _id (select and populate apply) */
        get: operations["getGrade"];
        /** Update a grade by _id: the body's fields are set, nested objects merge, arrays are replaced, null clears */
        put: operations["updateGrade"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/students": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List students with filters, search, select, populate, sort and pagination */
        get: operations["listStudents"];
        /** Update the student whose _id the body names */
        put: operations["updateStudentByBodyId"];
        /** Create a student */
        post: operations["createStudent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/students/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one student by _id (select and populate apply) */
        get: operations["getStudent"];
        /** Update a student by _id: the body's fields are set, nested objects merge, arrays are replaced, null clears */
        put: operations["updateStudent"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/parents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List parents with filters, search, select, populate, sort and pagination */
        get: operations["listParents"];
        /** Update the parent whose _id the body names */
        put: operations["updateParentByBodyId"];
        /** Create a parent */
        post: operations["createParent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/parents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one parent by _id (select and populate apply) */
        get: operations["getParent"];
        /** Update a parent by _id: the body's fields are set, nested objects merge, arrays are replaced, null clears */
        put: operations["updateParent"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List staff with filters, search, select, populate, sort and pagination */
        get: operations["listStaff"];
        /** Update the staff member whose _id the body names */
        put: operations["updateStaffMemberByBodyId"];
        /** Create a staff member */
        post: operations["createStaffMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/staff/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one staff member by _id (select and populate apply) */
        get: operations["getStaffMember"];
        /** Update a staff member by _id: the body's fields are set, nested objects merge, arrays are replaced, null clears */
        put: operations["updateStaffMember"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description - `UNKNOWN_FIELD` (400): A filter, select, sort or elemMatch names a field the collection does not have, or any key is `__proto__`, `constructor` or `prototype`.
         *     - `INVALID_VALUE` (400): A value does not fit its field's type (e.g. a non-24-hex id, text on a number field, a zone offset past 23:59), `$in`/`$nin` without a list, or a control character in `global_search`.
         *     - `UNSUPPORTED_OPERATOR` (400): A `$`-operator outside `$eq $ne $gt $gte $lt $lte $in $nin $exists`, anywhere in the input.
         *     - `INVALID_JSON` (400): A parameter that must be JSON (or a quoted string) is not valid JSON.
         *     - `INVALID_PAGINATION` (400): `__page` is not an integer >= 1 (or is past the last page an exact skip reaches), `__per_page` is not an integer in 1..max, or `__include_totals` is not true/false.
         *     - `INVALID_SORT` (400): `__sort` is not `{field: order}` / `__sort[field]=order` with order asc, desc, 1 or -1, names a subdocument, or combines keys in two different arrays.
         *     - `INVALID_SELECT` (400): `select` mixes inclusion and exclusion, or has a malformed `$elemMatch` form.
         *     - `INVALID_POPULATE` (400): `populate` names something that is not a reference, a field the referenced collection lacks, or chains deeper than 3.
         *     - `QUERY_TOO_COMPLEX` (400): Over a limit: query string > 8 KiB, > 1000 parameters, JSON deeper than 8, > 50 filters, > 100 values in one list, > 10 search words, a search word > 64 characters, > 10 populate paths, or a read whose estimated cost is over its budget (5000 unless the collection sets its own: records a page × records populated into each, plus filter terms, plus the work of the filter over the records it examines); or a read the database stopped at `QUERY_TIME_LIMIT_MS` (5000 ms by default).
         *     - `TOO_MANY_ERRORS` (400): Not a problem of its own: the last entry when more than 50 were found; its message says how many more there were.
         *     - `VALIDATION_FAILED` (400): The JSON body does not fit the collection schema (one entry per problem, `param` = the field path), is empty, is not JSON, or has a `__proto__` key or a `constructor` key holding `prototype` (`param` = its path).
         *     - `BODY_TOO_COMPLEX` (400): The JSON body nests deeper than 16, has an object of more than 100 keys or an array of more than 1000 items (refused before it is parsed).
         *     - `INVALID_HEADER` (400): The `type: API` header is missing or different.
         *     - `UNAUTHORIZED` (401): No bearer token, or an unknown or revoked one.
         *     - `TOKEN_EXPIRED` (401): The bearer token is past its `expires_at`; the message says when it expired.
         *     - `FORBIDDEN` (403): The token lacks the scope, the record's school is outside the token's schools, a token would grant more than the issuer's own scopes, schools or lifetime, a school-limited token asks for `/metrics`, or a token revoked by a wider one is restored by a narrower one.
         *     - `NOT_FOUND` (404): Unknown route, or no record with that id in the caller's schools.
         *     - `METHOD_NOT_ALLOWED` (405): The path exists but not with this method; the `Allow` header lists the methods it takes. Answered before the body is read.
         *     - `REQUEST_TIMEOUT` (408): The request (its headers, or headers and body) did not arrive within its deadline (`HEADERS_TIMEOUT_MS`, `REQUEST_TIMEOUT_MS`); the connection is closed.
         *     - `CONFLICT` (409): A unique constraint (a second student with the same `user.id_card` in one school), a move of a record that records of its school reference, a change others keep making at the same moment, or a token issued by an issuer that already holds `MAX_ACTIVE_TOKENS_PER_ISSUER` active tokens.
         *     - `PAYLOAD_TOO_LARGE` (413): The body is over `BODY_LIMIT` (1 MiB by default); request headers larger than Node.js reads are answered with this code and status 431.
         *     - `REPLY_TOO_LARGE` (400): The reply would be larger than `MAX_REPLY_BYTES` (4 MiB by default): ask for fewer records a page, fewer fields or fewer populated paths.
         *     - `UNSUPPORTED_MEDIA_TYPE` (415): The body is not `application/json`.
         *     - `RATE_LIMITED` (429): Too many requests for this token (or, without a valid token, from this address); retry after `Retry-After` seconds.
         *     - `INTERNAL` (500): An unexpected failure; the body never carries internals, the log has the details.
         *     - `UNAVAILABLE` (503): The service is shutting down; retry after `Retry-After` seconds (another instance will answer).
         *     - `TOO_MANY_CONNECTIONS` (503): This client address already has `MAX_CONNECTIONS_PER_ADDRESS` connections open; the new one is closed. Send requests on the open ones, or retry after `Retry-After` seconds.
         * @enum {string}
         */
        ErrorCode: "UNKNOWN_FIELD" | "INVALID_VALUE" | "UNSUPPORTED_OPERATOR" | "INVALID_JSON" | "INVALID_PAGINATION" | "INVALID_SORT" | "INVALID_SELECT" | "INVALID_POPULATE" | "QUERY_TOO_COMPLEX" | "TOO_MANY_ERRORS" | "VALIDATION_FAILED" | "BODY_TOO_COMPLEX" | "INVALID_HEADER" | "UNAUTHORIZED" | "TOKEN_EXPIRED" | "FORBIDDEN" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "REQUEST_TIMEOUT" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "REPLY_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "RATE_LIMITED" | "INTERNAL" | "UNAVAILABLE" | "TOO_MANY_CONNECTIONS";
        ErrorEntry: {
            code: components["schemas"]["ErrorCode"];
            /**
             * @description What is wrong and how to fix it, for a person.
             * @example students has no field "user.nmae"; did you mean "user.name"?
             */
            message: string;
            /**
             * @description The parameter, header or body field the entry is about ("" when none).
             * @example user.nmae
             */
            param: string;
        };
        /** @description A failure: `response` is null and `errors` lists every problem found. */
        ErrorReply: {
            response: null;
            errors: components["schemas"]["ErrorEntry"][];
        };
        /** @description Schools. Tokens limited to some schools see only those. Fields left out by `select` are absent, at any depth (`_id` too, when excluded). */
        School: {
            /** Format: objectid */
            readonly _id?: string;
            name?: string;
            code?: string;
            /** @description ISO 3166-1 alpha-2 country code. */
            country?: string;
            active?: boolean;
            /** Format: date-time */
            readonly created_at?: string;
            /** Format: date-time */
            readonly updated_at?: string;
        };
        /** @description A new School. */
        SchoolCreate: {
            name: string;
            code?: string;
            /** @description ISO 3166-1 alpha-2 country code. */
            country?: string;
            active?: boolean;
        };
        /** @description The fields to change: nested objects merge, arrays are replaced, null clears an optional field. */
        SchoolUpdate: {
            /** @description Every record has it: it can be changed, not cleared (null is refused). */
            name?: string;
            code?: string | null;
            country?: string | null;
            active?: boolean;
        };
        /** @description As SchoolUpdate, with the record's `_id`. */
        SchoolUpdateWithId: {
            /** @description Every record has it: it can be changed, not cleared (null is refused). */
            name?: string;
            code?: string | null;
            country?: string | null;
            active?: boolean;
            _id: string;
        };
        SchoolTotals: {
            results: components["schemas"]["School"][];
            /** @description Records matching the filters (what the pages range over). */
            total: number;
            /** @description Records in your schools, whatever the filters. */
            actual_total: number;
            /** @description Of `total`, the active ones. */
            active: number;
            /** @description Of `total`, the inactive ones. */
            inactive: number;
        };
        /** @description Academic years and their grading rules. Fields left out by `select` are absent, at any depth (`_id` too, when excluded). */
        Year: {
            /** Format: objectid */
            readonly _id?: string;
            /** @description A schools record: its id, or with `populate` the record itself (the requested fields and `_id`), or null when it is outside your schools or no longer exists. */
            school?: string | ({
                _id: string;
            } & {
                [key: string]: unknown;
            }) | null;
            name?: string;
            /** @description ISO 3166-1 alpha-2 country code. */
            country?: string;
            passing_score?: number;
            base_score?: number;
            score_decimals?: number;
            weight_score?: number;
            round?: boolean;
            calculate_by_equivalences?: boolean;
            new_promotion_logic?: boolean;
            enable_custom_year?: boolean;
            active?: boolean;
            /** Format: date-time */
            readonly created_at?: string;
            /** Format: date-time */
            readonly updated_at?: string;
        };
        /** @description A new Year. */
        YearCreate: {
            /**
             * Format: objectid
             * @description The record's school. Required unless your token is limited to exactly one school, which is then the record's school (without it: 400 VALIDATION_FAILED naming `school`).
             */
            school?: string;
            name?: string;
            /** @description ISO 3166-1 alpha-2 country code. */
            country?: string;
            passing_score?: number;
            base_score?: number;
            score_decimals?: number;
            weight_score?: number;
            round?: boolean;
            calculate_by_equivalences?: boolean;
            new_promotion_logic?: boolean;
            enable_custom_year?: boolean;
            active?: boolean;
        };
        /** @description The fields to change: nested objects merge, arrays are replaced, null clears an optional field. */
        YearUpdate: {
            /**
             * Format: objectid
             * @description Every record has it: it can be changed, not cleared (null is refused).
             */
            school?: string;
            name?: string | null;
            country?: string | null;
            passing_score?: number | null;
            base_score?: number | null;
            score_decimals?: number | null;
            weight_score?: number | null;
            round?: boolean | null;
            calculate_by_equivalences?: boolean | null;
            new_promotion_logic?: boolean | null;
            enable_custom_year?: boolean | null;
            active?: boolean;
        };
        /** @description As YearUpdate, with the record's `_id`. */
        YearUpdateWithId: {
            /**
             * Format: objectid
             * @description Every record has it: it can be changed, not cleared (null is refused).
             */
            school?: string;
            name?: string | null;
            country?: string | null;
            passing_score?: number | null;
            base_score?: number | null;
            score_decimals?: number | null;
            weight_score?: number | null;
            round?: boolean | null;
            calculate_by_equivalences?: boolean | null;
            new_promotion_logic?: boolean | null;
            enable_custom_year?: boolean | null;
            active?: boolean;
            _id: string;
        };
        YearTotals: {
            results: components["schemas"]["Year"][];
            /** @description Records matching the filters (what the pages range over). */
            total: number;
            /** @description Records in your schools, whatever the filters. */
            actual_total: number;
            /** @description Of `total`, the active ones. */
            active: number;
            /** @description Of `total`, the inactive ones. */
            inactive: number;
        };
        /** @description Courses (subjects) and the level they belong to. Fields left out by `select` are absent, at any depth (`_id` too, when excluded). */
        Course: {
            /** Format: objectid */
            readonly _id?: string;
            /** @description A schools record: its id, or with `populate` the record itself (the requested fields and `_id`), or null when it is outside your schools or no longer exists. */
            school?: string | ({
                _id: string;
            } & {
                [key: string]: unknown;
            }) | null;
            name?: string;
            /** @description The level the course belongs to. */
            reference_name?: string;
            code?: string;
            weight_in_subject?: number;
            active?: boolean;
            /** Format: date-time */
            readonly created_at?: string;
            /** Format: date-time */
            readonly updated_at?: string;
        };
        /** @description A new Course. */
        CourseCreate: {
            /**
             * Format: objectid
             * @description The record's school. Required unless your token is limited to exactly one school, which is then the record's school (without it: 400 VALIDATION_FAILED naming `school`).
             */
            school?: string;
            name: string;
            /** @description The level the course belongs to. */
            reference_name?: string;
            code?: string;
            weight_in_subject?: number;
            active?: boolean;
        };
        /** @description The fields to change: nested objects merge, arrays are replaced, null clears an optional field. */
        CourseUpdate: {
            /**
             * Format: objectid
             * @description Every record has it: it can be changed, not cleared (null is refused).
             */
            school?: string;
            /** @description Every record has it: it can be changed, not cleared (null is refused). */
            name?: string;
            reference_name?: string | null;
            code?: string | null;
            weight_in_subject?: number | null;
            active?: boolean;
        };
        /** @description As CourseUpdate, with the record's `_id`. */
        CourseUpdateWithId: {
            /**
             * Format: objectid
             * @description Every record has it: it can be changed, not cleared (null is refused).
             */
            school?: string;
            /** @description Every record has it: it can be changed, not cleared (null is refused). */
            name?: string;
            reference_name?: string | null;
            code?: string | null;
            weight_in_subject?: number | null;
            active?: boolean;
            _id: string;
        };
        CourseTotals: {
            results: components["schemas"]["Course"][];
            /** @description Records matching the filters (what the pages range over). */
            total: number;
            /** @description Records in your schools, whatever the filters. */
            actual_total: number;
            /** @description Of `total`, the active ones. */
            active: number;
            /** @description Of `total`, the inactive ones. */
            inactive: number;
        };
        /** @description Sections (parallels) such as A or B. Fields left out by `select` are absent, at any depth (`_id` too, when excluded). */
        Section: {
            /** Format: objectid */
            readonly _id?: string;
            /** @description A schools record: its id, or with `populate` the record itself (the requested fields and `_id`), or null when it is outside your schools or no longer exists. */
            school?: string | ({
                _id: string;
            } & {
                [key: string]: unknown;
            }) | null;
            name?: string;
            code?: string;
            active?: boolean;
            /** Format: date-time */
            readonly created_at?: string;
            /** Format: date-time */
            readonly updated_at?: string;
        };
        /** @description A new Section. */
        SectionCreate: {
            /**
             * Format: objectid
             * @description The record's school. Required unless your token is limited to exactly one school, which is then the record's school (without it: 400 VALIDATION_FAILED naming `school`).
             */
            school?: string;
            name: string;
            code?: string;
            active?: boolean;
        };
        /** @description The fields to change: nested objects merge, arrays are replaced, null clears an optional field. */
        SectionUpdate: {
            /**
             * Format: objectid
             * @description Every record has it: it can be changed, not cleared (null is refused).
             */
            school?: string;
            /** @description Every record has it: it can be changed, not cleared (null is refused). */
            name?: string;
            code?: string | null;
            active?: boolean;
        };
        /** @description As SectionUpdate, with the record's `_id`. */
        SectionUpdateWithId: {
            /**
             * Format: objectid
             * @description Every record has it: it can be changed, not cleared (null is refused).
             */
            school?: string;
            /** @description Every record has it: it can be changed, not cleared (null is refused). */
            name?: string;
            code?: string | null;
            active?: boolean;
            _id: string;
        };
        SectionTotals: {
            results: components["schemas"]["Section"][];
            /** @description Records matching the filters (what the pages range over). */
            total: number;
            /** @description Records in your schools, whatever the filters. */
            actual_total: number;
            /** @description Of `total`, the active ones. */
            active: number;
            /** @description Of `total`, the inactive ones. */
            inactive: number;
        };
        /** @description Grades (courses of students, e.g. 8vo) and their section. Synced to the external system. Fields left out by `select` are absent, at any depth (`_id` too, when excluded). */
        Grade: {
            /** Format: objectid */
            readonly _id?: string;
            /** @description A schools record: its id, or with `populate` the record itself (the requested fields and `_id`), or null when it is outside your schools or no longer exists. */
            school?: string | ({
                _id: string;
            } & {
                [key: string]: unknown;
            }) | null;
            name?: string;
            code?: string;
            /** @description A sections record: its id, or with `populate` the record itself (the requested fields and `_id`), or null when it is outside your schools or no longer exists. */
            section?: string | ({
                _id: string;
            } & {
                [key: string]: unknown;
            }) | null;
            active?: boolean;
            /** Format: date-time */
            readonly created_at?: string;
            /** Format: date-time */
            readonly updated_at?: string;
        };
        /** @description A new Grade. */
        GradeCreate: {
            /**
             * Format: objectid
             * @description The record's school. Required unless your token is limited to exactly one school, which is then the record's school (without it: 400 VALIDATION_FAILED naming `school`).
             */
            school?: string;
            name: string;
            code?: string;
            /** Format: objectid */
            section?: string;
            active?: boolean;
        };
        /** @description The fields to change: nested objects merge, arrays are replaced, null clears an optional field. */
        GradeUpdate: {
            /**
             * Format: objectid
             * @description Every record has it: it can be changed, not cleared (null is refused).
             */
            school?: string;
            /** @description Every record has it: it can be changed, not cleared (null is refused). */
            name?: string;
            code?: string | null;
            section?: string | null;
            active?: boolean;
        };
        /** @description As GradeUpdate, with the record's `_id`. */
        GradeUpdateWithId: {
            /**
             * Format: objectid
             * @description Every record has it: it can be changed, not cleared (null is refused).
             */
            school?: string;
            /** @description Every record has it: it can be changed, not cleared (null is refused). */
            name?: string;
            code?: string | null;
            section?: string | null;
            active?: boolean;
            _id: string;
        };
        GradeTotals: {
            results: components["schemas"]["Grade"][];
            /** @description Records matching the filters (what the pages range over). */
            total: number;
            /** @description Records in your schools, whatever the filters. */
            actual_total: number;
            /** @description Of `total`, the active ones. */
            active: number;
            /** @description Of `total`, the inactive ones. */
            inactive: number;
        };
        /** @description Students, their parents, enrolments per year, addresses and emergency contacts. Synced to the external system. Fields left out by `select` are absent, at any depth (`_id` too, when excluded). */
        Student: {
            /** Format: objectid */
            readonly _id?: string;
            /** @description A schools record: its id, or with `populate` the record itself (the requested fields and `_id`), or null when it is outside your schools or no longer exists. */
            school?: string | ({
                _id: string;
            } & {
                [key: string]: unknown;
            }) | null;
            user?: {
                /** Format: objectid */
                readonly _id?: string;
                /** @description Identification number (keeps leading zeros). */
                id_card?: string;
                name?: string;
                second_name?: string;
                surname?: string;
                second_surname?: string;
                /** Format: email */
                email?: string;
            };
            parents?: (string | ({
                _id: string;
            } & {
                [key: string]: unknown;
            }) | null)[];
            years?: {
                /** @description A years record: its id, or with `populate` the record itself (the requested fields and `_id`), or null when it is outside your schools or no longer exists. */
                year?: string | ({
                    _id: string;
                } & {
                    [key: string]: unknown;
                }) | null;
                enrolled?: boolean;
                registered?: boolean;
                /** @description A grades record: its id, or with `populate` the record itself (the requested fields and `_id`), or null when it is outside your schools or no longer exists. */
                group?: string | ({
                    _id: string;
                } & {
                    [key: string]: unknown;
                }) | null;
            }[];
            addresses?: {
                name?: string;
                city?: string;
                /** Format: objectid */
                city_zone?: string;
            }[];
            citizenship?: string;
            emergency?: {
                contacts?: {
                    name?: string;
                    phones?: {
                        mobile?: string;
                    };
                }[];
            };
            active?: boolean;
            /** @description Maintained by the service: the searchable text of the record. */
            readonly relational_data?: {
                /** @description Names, e-mail and identification number joined by spaces. */
                all?: string;
                email?: string;
            };
            /** Format: date-time */
            readonly created_at?: string;
            /** Format: date-time */
            readonly updated_at?: string;
        };
        /** @description A new Student. */
        StudentCreate: {
            /**
             * Format: objectid
             * @description The record's school. Required unless your token is limited to exactly one school, which is then the record's school (without it: 400 VALIDATION_FAILED naming `school`).
             */
            school?: string;
            user: {
                /** @description Identification number (keeps leading zeros). */
                id_card?: string;
                name: string;
                second_name?: string;
                surname: string;
                second_surname?: string;
                /** Format: email */
                email?: string;
            };
            parents?: string[];
            years?: {
                /** Format: objectid */
                year: string;
                enrolled?: boolean;
                registered?: boolean;
                /** Format: objectid */
                group?: string;
            }[];
            addresses?: {
                name?: string;
                city?: string;
                /** Format: objectid */
                city_zone?: string;
            }[];
            citizenship?: string;
            emergency?: {
                contacts?: {
                    name?: string;
                    phones?: {
                        mobile?: string;
                    };
                }[];
            };
            active?: boolean;
        };
        /** @description The fields to change: nested objects merge, arrays are replaced, null clears an optional field. */
        StudentUpdate: {
            /**
             * Format: objectid
             * @description Every record has it: it can be changed, not cleared (null is refused).
             */
            school?: string;
            /** @description Every record has it: it can be changed, not cleared (null is refused). */
            user?: {
                id_card?: string | null;
                /** @description Every record has it: it can be changed, not cleared (null is refused). */
                name?: string;
                second_name?: string | null;
                /** @description Every record has it: it can be changed, not cleared (null is refused). */
                surname?: string;
                second_surname?: string | null;
                email?: string | null;
            };
            parents?: string[] | null;
            years?: {
                /** Format: objectid */
                year: string;
                enrolled?: boolean;
                registered?: boolean;
                /** Format: objectid */
                group?: string;
            }[] | null;
            addresses?: {
                name?: string;
                city?: string;
                /** Format: objectid */
                city_zone?: string;
            }[] | null;
            citizenship?: string | null;
            emergency?: {
                contacts?: {
                    name?: string;
                    phones?: {
                        mobile?: string;
                    };
                }[] | null;
            } | null;
            active?: boolean;
        };
        /** @description As StudentUpdate, with the record's `_id`. */
        StudentUpdateWithId: {
            /**
             * Format: objectid
             * @description Every record has it: it can be changed, not cleared (null is refused).
             */
            school?: string;
            /** @description Every record has it: it can be changed, not cleared (null is refused). */
            user?: {
                id_card?: string | null;
                /** @description Every record has it: it can be changed, not cleared (null is refused). */
                name?: string;
                second_name?: string | null;
                /** @description Every record has it: it can be changed, not cleared (null is refused). */
                surname?: string;
                second_surname?: string | null;
                email?: string | null;
            };
            parents?: string[] | null;
            years?: {
                /** Format: objectid */
                year: string;
                enrolled?: boolean;
                registered?: boolean;
                /** Format: objectid */
                group?: string;
            }[] | null;
            addresses?: {
                name?: string;
                city?: string;
                /** Format: objectid */
                city_zone?: string;
            }[] | null;
            citizenship?: string | null;
            emergency?: {
                contacts?: {
                    name?: string;
                    phones?: {
                        mobile?: string;
                    };
                }[] | null;
            } | null;
            active?: boolean;
            _id: string;
        };
        StudentTotals: {
            results: components["schemas"]["Student"][];
            /** @description Records matching the filters (what the pages range over). */
            total: number;
            /** @description Records in your schools, whatever the filters. */
            actual_total: number;
            /** @description Of `total`, the active ones. */
            active: number;
            /** @description Of `total`, the inactive ones. */
            inactive: number;
        };
        /** @description Parents and guardians. Synced to the external system. Fields left out by `select` are absent, at any depth (`_id` too, when excluded). */
        Parent: {
            /** Format: objectid */
            readonly _id?: string;
            /** @description A schools record: its id, or with `populate` the record itself (the requested fields and `_id`), or null when it is outside your schools or no longer exists. */
            school?: string | ({
                _id: string;
            } & {
                [key: string]: unknown;
            }) | null;
            user?: {
                /** Format: objectid */
                readonly _id?: string;
                /** @description Identification number (keeps leading zeros). */
                id_card?: string;
                name?: string;
                second_name?: string;
                surname?: string;
                second_surname?: string;
                /** Format: email */
                email?: string;
            };
            active?: boolean;
            /** @description Maintained by the service: the searchable text of the record. */
            readonly relational_data?: {
                /** @description Names, e-mail and identification number joined by spaces. */
                all?: string;
                email?: string;
            };
            /** Format: date-time */
            readonly created_at?: string;
            /** Format: date-time */
            readonly updated_at?: string;
        };
        /** @description A new Parent. */
        ParentCreate: {
            /**
             * Format: objectid
             * @description The record's school. Required unless your token is limited to exactly one school, which is then the record's school (without it: 400 VALIDATION_FAILED naming `school`).
             */
            school?: string;
            user: {
                /** @description Identification number (keeps leading zeros). */
                id_card?: string;
                name: string;
                second_name?: string;
                surname: string;
                second_surname?: string;
                /** Format: email */
                email?: string;
            };
            active?: boolean;
        };
        /** @description The fields to change: nested objects merge, arrays are replaced, null clears an optional field. */
        ParentUpdate: {
            /**
             * Format: objectid
             * @description Every record has it: it can be changed, not cleared (null is refused).
             */
            school?: string;
            /** @description Every record has it: it can be changed, not cleared (null is refused). */
            user?: {
                id_card?: string | null;
                /** @description Every record has it: it can be changed, not cleared (null is refused). */
                name?: string;
                second_name?: string | null;
                /** @description Every record has it: it can be changed, not cleared (null is refused). */
                surname?: string;
                second_surname?: string | null;
                email?: string | null;
            };
            active?: boolean;
        };
        /** @description As ParentUpdate, with the record's `_id`. */
        ParentUpdateWithId: {
            /**
             * Format: objectid
             * @description Every record has it: it can be changed, not cleared (null is refused).
             */
            school?: string;
            /** @description Every record has it: it can be changed, not cleared (null is refused). */
            user?: {
                id_card?: string | null;
                /** @description Every record has it: it can be changed, not cleared (null is refused). */
                name?: string;
                second_name?: string | null;
                /** @description Every record has it: it can be changed, not cleared (null is refused). */
                surname?: string;
                second_surname?: string | null;
                email?: string | null;
            };
            active?: boolean;
            _id: string;
        };
        ParentTotals: {
            results: components["schemas"]["Parent"][];
            /** @description Records matching the filters (what the pages range over). */
            total: number;
            /** @description Records in your schools, whatever the filters. */
            actual_total: number;
            /** @description Of `total`, the active ones. */
            active: number;
            /** @description Of `total`, the inactive ones. */
            inactive: number;
        };
        /** @description Teachers and other staff. Fields left out by `select` are absent, at any depth (`_id` too, when excluded). */
        StaffMember: {
            /** Format: objectid */
            readonly _id?: string;
            /** @description A schools record: its id, or with `populate` the record itself (the requested fields and `_id`), or null when it is outside your schools or no longer exists. */
            school?: string | ({
                _id: string;
            } & {
                [key: string]: unknown;
            }) | null;
            user?: {
                /** Format: objectid */
                readonly _id?: string;
                /** @description Identification number (keeps leading zeros). */
                id_card?: string;
                name?: string;
                second_name?: string;
                surname?: string;
                second_surname?: string;
                /** Format: email */
                email?: string;
            };
            role?: string;
            active?: boolean;
            /** @description Maintained by the service: the searchable text of the record. */
            readonly relational_data?: {
                /** @description Names, e-mail and identification number joined by spaces. */
                all?: string;
                email?: string;
            };
            /** Format: date-time */
            readonly created_at?: string;
            /** Format: date-time */
            readonly updated_at?: string;
        };
        /** @description A new StaffMember. */
        StaffMemberCreate: {
            /**
             * Format: objectid
             * @description The record's school. Required unless your token is limited to exactly one school, which is then the record's school (without it: 400 VALIDATION_FAILED naming `school`).
             */
            school?: string;
            user: {
                /** @description Identification number (keeps leading zeros). */
                id_card?: string;
                name: string;
                second_name?: string;
                surname: string;
                second_surname?: string;
                /** Format: email */
                email?: string;
            };
            role?: string;
            active?: boolean;
        };
        /** @description The fields to change: nested objects merge, arrays are replaced, null clears an optional field. */
        StaffMemberUpdate: {
            /**
             * Format: objectid
             * @description Every record has it: it can be changed, not cleared (null is refused).
             */
            school?: string;
            /** @description Every record has it: it can be changed, not cleared (null is refused). */
            user?: {
                id_card?: string | null;
                /** @description Every record has it: it can be changed, not cleared (null is refused). */
                name?: string;
                second_name?: string | null;
                /** @description Every record has it: it can be changed, not cleared (null is refused). */
                surname?: string;
                second_surname?: string | null;
                email?: string | null;
            };
            role?: string | null;
            active?: boolean;
        };
        /** @description As StaffMemberUpdate, with the record's `_id`. */
        StaffMemberUpdateWithId: {
            /**
             * Format: objectid
             * @description Every record has it: it can be changed, not cleared (null is refused).
             */
            school?: string;
            /** @description Every record has it: it can be changed, not cleared (null is refused). */
            user?: {
                id_card?: string | null;
                /** @description Every record has it: it can be changed, not cleared (null is refused). */
                name?: string;
                second_name?: string | null;
                /** @description Every record has it: it can be changed, not cleared (null is refused). */
                surname?: string;
                second_surname?: string | null;
                email?: string | null;
            };
            role?: string | null;
            active?: boolean;
            _id: string;
        };
        StaffMemberTotals: {
            results: components["schemas"]["StaffMember"][];
            /** @description Records matching the filters (what the pages range over). */
            total: number;
            /** @description Records in your schools, whatever the filters. */
            actual_total: number;
            /** @description Of `total`, the active ones. */
            active: number;
            /** @description Of `total`, the inactive ones. */
            inactive: number;
        };
        Token: {
            /** @description `configured:<name>` for a configured token, the 24-hex id of an issued one. Never derived from the secret. */
            _id: string;
            name: string;
            scopes: ("read" | "write" | "admin" | "metrics")[];
            schools: "*" | string[];
            active: boolean;
            /** @enum {string} */
            source: "configured" | "issued";
            /** Format: date-time */
            created_at?: string;
            /**
             * Format: date-time
             * @description From then on the token is refused (401 `TOKEN_EXPIRED`). Absent: it never expires.
             */
            expires_at?: string;
            /** @description On a revoked token: the `_id` of the token whose revocation stands (the widest that revoked it), or `null` when that token is beyond your scopes or schools — then only a token with its power can restore this one. */
            revoked_by?: string | null;
        };
        TokenTotals: {
            results: components["schemas"]["Token"][];
            /** @description The tokens the filters match (what the pages go through). */
            total: number;
            /** @description Every token you may see, ignoring the filters. */
            actual_total: number;
            /** @description `total` that are active (not revoked). */
            active: number;
            /** @description `total` that are revoked. */
            inactive: number;
        };
        IssuedToken: {
            _id: string;
            name: string;
            scopes: ("read" | "write" | "admin" | "metrics")[];
            schools: "*" | string[];
            active: boolean;
            /** @enum {unknown} */
            source: "issued";
            /** Format: date-time */
            created_at?: string;
            /**
             * Format: date-time
             * @description From then on the token is refused (401 `TOKEN_EXPIRED`). Absent: it never expires.
             */
            expires_at?: string;
            /** @description The secret: in this reply only; the service keeps its SHA-256. */
            token: string;
        };
        TokenCreate: {
            /** @description Any text without control characters (line breaks, tabs, escapes). */
            name: string;
            /** @description A set: each scope is stored once. */
            scopes: ("read" | "write" | "admin" | "metrics")[];
            /** @description `*`, or a set of school ids: each is stored once. */
            schools: "*" | string[];
            /**
             * Format: date-time
             * @description When the token stops working (an RFC 3339 date-time with its offset): in the future, at most 1830 days ahead, and not after the issuing token's own expiry. Without it the token never expires, or expires with the issuing token if that one does.
             */
            expires_at?: string;
        };
        TokenUpdate: {
            /** @description `false` revokes the token at once; `true` restores it. */
            active: boolean;
        };
        RetryAccepted: {
            /**
             * @description A synced collection.
             * @enum {string}
             */
            collection: "students" | "parents" | "grades";
            id: string;
            /**
             * @description The record is queued; the worker sends it next.
             * @enum {unknown}
             */
            state: "pending";
        };
        ResyncAccepted: {
            /** @description Records the filters matched. */
            matched: number;
            /** @description Records queued to be sent again in full. */
            queued: number;
            /** @description Matched records not queued again: already pending a full send (an earlier resync or re-emit not sent yet), or resynced less than 60 s ago. */
            coalesced: number;
        };
        /** @description One delivery attempt. Fields left out by `select` are absent; `school` is the record with `populate`. */
        Delivery: {
            /** Format: objectid */
            _id?: string;
            /** @description A schools record: its id, or with `populate` the record itself (the requested fields and `_id`), or null when it is outside your schools or no longer exists. */
            school?: string | ({
                _id: string;
            } & {
                [key: string]: unknown;
            }) | null;
            /** @enum {string} */
            collection?: "students" | "parents" | "grades";
            /** Format: objectid */
            record?: string;
            /** @enum {string} */
            operation?: "create" | "update" | "notice";
            method?: string;
            url?: string;
            /** @description The HTTP status, or null when no reply came. */
            status?: number | null;
            /** @enum {string} */
            outcome?: "acknowledged" | "retryable" | "permanent";
            error_class?: string | null;
            error_code?: string | null;
            duration_ms?: number;
            attempt?: number;
            worker?: string;
            /** Format: date-time */
            at?: string;
        };
        DeliveryTotals: {
            results: components["schemas"]["Delivery"][];
            /** @description Records matching the filters (what the pages range over). */
            total: number;
            /** @description Records in your schools, whatever the filters. */
            actual_total: number;
        };
        /** @description Without a token only `status`; `database`, `sync` and the rest for a token with the `metrics` scope and every school. */
        Health: {
            /** @enum {string} */
            status: "ok" | "unavailable";
            database?: {
                /** @enum {string} */
                mode: "mongodb" | "memory-server" | "in-process";
                /** @description Whether data outlives the process. */
                durable: boolean;
                reachable: boolean;
            };
            /** @description The outbound sync: whether it is configured, how much is pending or failed, the breaker state. */
            sync?: {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service and its database answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Health"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The URL could not be read (a malformed percent-escape). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The database does not answer. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Health"];
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
        };
    };
    listTokens: {
        parameters: {
            query?: {
                /** @description `true`: the tokens in force (an expired one included); `false`: the revoked ones. */
                active?: boolean;
                /** @description The tokens of exactly this name. */
                name?: string;
                /** @description The tokens whose schools name this school (a 24-hex id); `*` for the tokens of every school. */
                school?: string | "*";
                /** @description The page, from 1 (the default) to 90071992547409. */
                __page?: number;
                /** @description Tokens per page, 1 to 100 (default 20). */
                __per_page?: number;
                /** @description `true` answers `{results, total, actual_total, active, inactive}` instead of the bare array of tokens (default `false`). */
                __include_totals?: boolean;
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the tokens you may see; with `__include_totals=true`, the page and its totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Token"][] | components["schemas"]["TokenTotals"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    issueToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenCreate"];
            };
        };
        responses: {
            /** @description The new token, with its secret. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["IssuedToken"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    setTokenActive: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description The token’s `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenUpdate"];
            };
        };
        responses: {
            /** @description The token as it is now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Token"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    retrySync: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description A synced collection. */
                collection: "students" | "parents" | "grades";
                /** @description The record’s 24-hex `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["RetryAccepted"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    resyncStudents: {
        parameters: {
            query?: {
                /** @description Filter on `_id` (an id). A repeated key means any of the values. Operators: `_id[$gte]=…` or `_id={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                _id?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `school` (the id of a schools record). A repeated key means any of the values. Operators: `school[$gte]=…` or `school={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                school?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user._id` (an id). A repeated key means any of the values. Operators: `user._id[$gte]=…` or `user._id={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user._id"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.id_card` (a string). A repeated key means any of the values. Operators: `user.id_card[$gte]=…` or `user.id_card={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.id_card"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.name` (a string). A repeated key means any of the values. Operators: `user.name[$gte]=…` or `user.name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.name"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.second_name` (a string). A repeated key means any of the values. Operators: `user.second_name[$gte]=…` or `user.second_name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.second_name"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.surname` (a string). A repeated key means any of the values. Operators: `user.surname[$gte]=…` or `user.surname={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.surname"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.second_surname` (a string). A repeated key means any of the values. Operators: `user.second_surname[$gte]=…` or `user.second_surname={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.second_surname"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.email` (a string). A repeated key means any of the values. Operators: `user.email[$gte]=…` or `user.email={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.email"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `parents` (the id of a parents record). Matches records whose array holds it. A repeated key means any of the values. Operators: `parents[$gte]=…` or `parents={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                parents?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `years.year` (the id of a years record). Matches records with an element of `years` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `years.year[$gte]=…` or `years.year={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "years.year"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `years.enrolled` (a boolean). Matches records with an element of `years` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `years.enrolled[$gte]=…` or `years.enrolled={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "years.enrolled"?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `years.registered` (a boolean). Matches records with an element of `years` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `years.registered[$gte]=…` or `years.registered={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "years.registered"?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `years.group` (the id of a grades record). Matches records with an element of `years` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `years.group[$gte]=…` or `years.group={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "years.group"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `addresses.name` (a string). Matches records with an element of `addresses` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `addresses.name[$gte]=…` or `addresses.name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "addresses.name"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `addresses.city` (a string). Matches records with an element of `addresses` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `addresses.city[$gte]=…` or `addresses.city={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "addresses.city"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `addresses.city_zone` (an id). Matches records with an element of `addresses` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `addresses.city_zone[$gte]=…` or `addresses.city_zone={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "addresses.city_zone"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `citizenship` (a string). A repeated key means any of the values. Operators: `citizenship[$gte]=…` or `citizenship={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                citizenship?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `emergency.contacts.name` (a string). Matches records with an element of `emergency.contacts` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `emergency.contacts.name[$gte]=…` or `emergency.contacts.name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "emergency.contacts.name"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `emergency.contacts.phones.mobile` (a string). Matches records with an element of `emergency.contacts` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `emergency.contacts.phones.mobile[$gte]=…` or `emergency.contacts.phones.mobile={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "emergency.contacts.phones.mobile"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `active` (a boolean). A repeated key means any of the values. Operators: `active[$gte]=…` or `active={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                active?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `relational_data.all` (a string). A repeated key means any of the values. Operators: `relational_data.all[$gte]=…` or `relational_data.all={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "relational_data.all"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `relational_data.email` (a string). A repeated key means any of the values. Operators: `relational_data.email[$gte]=…` or `relational_data.email={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "relational_data.email"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `created_at` (a date). A repeated key means any of the values. Operators: `created_at[$gte]=…` or `created_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                created_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `updated_at` (a date). A repeated key means any of the values. Operators: `updated_at[$gte]=…` or `updated_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                updated_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: `queued` records will be sent in full, `coalesced` ones were already pending. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["ResyncAccepted"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    resyncParents: {
        parameters: {
            query?: {
                /** @description Filter on `_id` (an id). A repeated key means any of the values. Operators: `_id[$gte]=…` or `_id={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                _id?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `school` (the id of a schools record). A repeated key means any of the values. Operators: `school[$gte]=…` or `school={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                school?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user._id` (an id). A repeated key means any of the values. Operators: `user._id[$gte]=…` or `user._id={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user._id"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.id_card` (a string). A repeated key means any of the values. Operators: `user.id_card[$gte]=…` or `user.id_card={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.id_card"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.name` (a string). A repeated key means any of the values. Operators: `user.name[$gte]=…` or `user.name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.name"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.second_name` (a string). A repeated key means any of the values. Operators: `user.second_name[$gte]=…` or `user.second_name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.second_name"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.surname` (a string). A repeated key means any of the values. Operators: `user.surname[$gte]=…` or `user.surname={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.surname"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.second_surname` (a string). A repeated key means any of the values. Operators: `user.second_surname[$gte]=…` or `user.second_surname={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.second_surname"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.email` (a string). A repeated key means any of the values. Operators: `user.email[$gte]=…` or `user.email={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.email"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `active` (a boolean). A repeated key means any of the values. Operators: `active[$gte]=…` or `active={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                active?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `relational_data.all` (a string). A repeated key means any of the values. Operators: `relational_data.all[$gte]=…` or `relational_data.all={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "relational_data.all"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `relational_data.email` (a string). A repeated key means any of the values. Operators: `relational_data.email[$gte]=…` or `relational_data.email={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "relational_data.email"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `created_at` (a date). A repeated key means any of the values. Operators: `created_at[$gte]=…` or `created_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                created_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `updated_at` (a date). A repeated key means any of the values. Operators: `updated_at[$gte]=…` or `updated_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                updated_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: `queued` records will be sent in full, `coalesced` ones were already pending. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["ResyncAccepted"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    resyncGrades: {
        parameters: {
            query?: {
                /** @description Filter on `_id` (an id). A repeated key means any of the values. Operators: `_id[$gte]=…` or `_id={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                _id?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `school` (the id of a schools record). A repeated key means any of the values. Operators: `school[$gte]=…` or `school={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                school?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `name` (a string). A repeated key means any of the values. Operators: `name[$gte]=…` or `name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                name?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `code` (a string). A repeated key means any of the values. Operators: `code[$gte]=…` or `code={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                code?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `section` (the id of a sections record). A repeated key means any of the values. Operators: `section[$gte]=…` or `section={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                section?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `active` (a boolean). A repeated key means any of the values. Operators: `active[$gte]=…` or `active={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                active?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `created_at` (a date). A repeated key means any of the values. Operators: `created_at[$gte]=…` or `created_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                created_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `updated_at` (a date). A repeated key means any of the values. Operators: `updated_at[$gte]=…` or `updated_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                updated_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: `queued` records will be sent in full, `coalesced` ones were already pending. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["ResyncAccepted"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    listDeliveries: {
        parameters: {
            query?: {
                /** @description Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only. */
                select?: string;
                /** @description Replace references (`school`) by the records they point to: `{"<reference>":"<fields, space-separated>"}` (`""` for every field), chains across references (`a.b`), `true` for the default set, `false` for none. */
                populate?: string;
                /** @description Sort keys and directions (asc, desc, 1, -1) as JSON, `{"a":"asc","b":"desc"}`, or in the bracket form `__sort[a]=asc&__sort[b]=desc`. `_id` is the final tie-breaker. */
                __sort?: string | {
                    /** @enum {unknown} */
                    school?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    collection?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    record?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    operation?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    method?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    url?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    status?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    outcome?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    error_class?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    error_code?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    duration_ms?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    attempt?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    worker?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    at?: "asc" | "desc" | 1 | -1;
                };
                /** @description The page, from 1 (the default) to 18014398509481 (the last page whose skip stays exact at the largest page size). */
                __page?: number;
                /** @description Records per page, 1 to 500 (default 50). */
                __per_page?: number;
                /** @description `true` answers `{results, total, actual_total, …}` instead of the bare array of records (default `false`). */
                __include_totals?: boolean;
                /**
                 * @deprecated
                 * @description The same as `__include_totals`.
                 */
                include_totals?: boolean;
                /** @description Filter on `_id` (an id). A repeated key means any of the values. Operators: `_id[$gte]=…` or `_id={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                _id?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `school` (the id of a schools record). A repeated key means any of the values. Operators: `school[$gte]=…` or `school={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                school?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `collection` (a string). A repeated key means any of the values. Operators: `collection[$gte]=…` or `collection={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                collection?: (("students" | "parents" | "grades") | string) | (("students" | "parents" | "grades") | string)[] | {
                    $eq?: ("students" | "parents" | "grades") | "null";
                    $ne?: ("students" | "parents" | "grades") | "null";
                    $gt?: ("students" | "parents" | "grades") | "null";
                    $gte?: ("students" | "parents" | "grades") | "null";
                    $lt?: ("students" | "parents" | "grades") | "null";
                    $lte?: ("students" | "parents" | "grades") | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `record` (an id). A repeated key means any of the values. Operators: `record[$gte]=…` or `record={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                record?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `operation` (a string). A repeated key means any of the values. Operators: `operation[$gte]=…` or `operation={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                operation?: (("create" | "update" | "notice") | string) | (("create" | "update" | "notice") | string)[] | {
                    $eq?: ("create" | "update" | "notice") | "null";
                    $ne?: ("create" | "update" | "notice") | "null";
                    $gt?: ("create" | "update" | "notice") | "null";
                    $gte?: ("create" | "update" | "notice") | "null";
                    $lt?: ("create" | "update" | "notice") | "null";
                    $lte?: ("create" | "update" | "notice") | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `method` (a string). A repeated key means any of the values. Operators: `method[$gte]=…` or `method={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                method?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `url` (a string). A repeated key means any of the values. Operators: `url[$gte]=…` or `url={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                url?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `status` (a integer). A repeated key means any of the values. Operators: `status[$gte]=…` or `status={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                status?: (number | string) | (number | string)[] | {
                    $eq?: number | "null";
                    $ne?: number | "null";
                    $gt?: number | "null";
                    $gte?: number | "null";
                    $lt?: number | "null";
                    $lte?: number | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `outcome` (a string). A repeated key means any of the values. Operators: `outcome[$gte]=…` or `outcome={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                outcome?: (("acknowledged" | "retryable" | "permanent") | string) | (("acknowledged" | "retryable" | "permanent") | string)[] | {
                    $eq?: ("acknowledged" | "retryable" | "permanent") | "null";
                    $ne?: ("acknowledged" | "retryable" | "permanent") | "null";
                    $gt?: ("acknowledged" | "retryable" | "permanent") | "null";
                    $gte?: ("acknowledged" | "retryable" | "permanent") | "null";
                    $lt?: ("acknowledged" | "retryable" | "permanent") | "null";
                    $lte?: ("acknowledged" | "retryable" | "permanent") | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `error_class` (a string). A repeated key means any of the values. Operators: `error_class[$gte]=…` or `error_class={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                error_class?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `error_code` (a string). A repeated key means any of the values. Operators: `error_code[$gte]=…` or `error_code={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                error_code?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `duration_ms` (a number). A repeated key means any of the values. Operators: `duration_ms[$gte]=…` or `duration_ms={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                duration_ms?: (number | string) | (number | string)[] | {
                    $eq?: number | "null";
                    $ne?: number | "null";
                    $gt?: number | "null";
                    $gte?: number | "null";
                    $lt?: number | "null";
                    $lte?: number | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `attempt` (a integer). A repeated key means any of the values. Operators: `attempt[$gte]=…` or `attempt={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                attempt?: (number | string) | (number | string)[] | {
                    $eq?: number | "null";
                    $ne?: number | "null";
                    $gt?: number | "null";
                    $gte?: number | "null";
                    $lt?: number | "null";
                    $lte?: number | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `worker` (a string). A repeated key means any of the values. Operators: `worker[$gte]=…` or `worker={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                worker?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `at` (a date). A repeated key means any of the values. Operators: `at[$gte]=…` or `at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of delivery attempts, newest first unless `__sort` says otherwise. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Delivery"][] | components["schemas"]["DeliveryTotals"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    listSchools: {
        parameters: {
            query?: {
                /** @description Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only. */
                select?: string;
                /** @description Sort keys and directions (asc, desc, 1, -1) as JSON, `{"a":"asc","b":"desc"}`, or in the bracket form `__sort[a]=asc&__sort[b]=desc`. `_id` is the final tie-breaker. */
                __sort?: string | {
                    /** @enum {unknown} */
                    name?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    code?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    country?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    active?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    created_at?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    updated_at?: "asc" | "desc" | 1 | -1;
                };
                /** @description The page, from 1 (the default) to 90071992547409 (the last page whose skip stays exact at the largest page size). */
                __page?: number;
                /** @description Records per page, 1 to 100 (default 20). */
                __per_page?: number;
                /** @description `true` answers `{results, total, actual_total, …}` instead of the bare array of records (default `false`). */
                __include_totals?: boolean;
                /**
                 * @deprecated
                 * @description The same as `__include_totals`.
                 */
                include_totals?: boolean;
                /** @description Filter on `_id` (an id). A repeated key means any of the values. Operators: `_id[$gte]=…` or `_id={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                _id?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `name` (a string). A repeated key means any of the values. Operators: `name[$gte]=…` or `name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                name?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `code` (a string). A repeated key means any of the values. Operators: `code[$gte]=…` or `code={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                code?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `country` (a string). A repeated key means any of the values. Operators: `country[$gte]=…` or `country={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                country?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `active` (a boolean). A repeated key means any of the values. Operators: `active[$gte]=…` or `active={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                active?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `created_at` (a date). A repeated key means any of the values. Operators: `created_at[$gte]=…` or `created_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                created_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `updated_at` (a date). A repeated key means any of the values. Operators: `updated_at[$gte]=…` or `updated_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                updated_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of schools: the array of records, or with `__include_totals=true` the totals object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["School"][] | components["schemas"]["SchoolTotals"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    updateSchoolByBodyId: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SchoolUpdateWithId"];
            };
        };
        responses: {
            /** @description The School as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["School"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    createSchool: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SchoolCreate"];
            };
        };
        responses: {
            /** @description The new School. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["School"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getSchool: {
        parameters: {
            query?: {
                /** @description Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only. */
                select?: string;
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description The record’s 24-hex `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The School. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["School"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    updateSchool: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description The record’s 24-hex `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SchoolUpdate"];
            };
        };
        responses: {
            /** @description The School as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["School"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    listYears: {
        parameters: {
            query?: {
                /** @description Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only. */
                select?: string;
                /** @description Replace references (`school`) by the records they point to: `{"<reference>":"<fields, space-separated>"}` (`""` for every field), chains across references (`a.b`), `true` for the default set, `false` for none. */
                populate?: string;
                /** @description Sort keys and directions (asc, desc, 1, -1) as JSON, `{"a":"asc","b":"desc"}`, or in the bracket form `__sort[a]=asc&__sort[b]=desc`. `_id` is the final tie-breaker. */
                __sort?: string | {
                    /** @enum {unknown} */
                    school?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    name?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    country?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    passing_score?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    base_score?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    score_decimals?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    weight_score?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    round?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    calculate_by_equivalences?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    new_promotion_logic?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    enable_custom_year?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    active?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    created_at?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    updated_at?: "asc" | "desc" | 1 | -1;
                };
                /** @description The page, from 1 (the default) to 90071992547409 (the last page whose skip stays exact at the largest page size). */
                __page?: number;
                /** @description Records per page, 1 to 100 (default 20). */
                __per_page?: number;
                /** @description `true` answers `{results, total, actual_total, …}` instead of the bare array of records (default `false`). */
                __include_totals?: boolean;
                /**
                 * @deprecated
                 * @description The same as `__include_totals`.
                 */
                include_totals?: boolean;
                /** @description Filter on `_id` (an id). A repeated key means any of the values. Operators: `_id[$gte]=…` or `_id={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                _id?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `school` (the id of a schools record). A repeated key means any of the values. Operators: `school[$gte]=…` or `school={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                school?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `name` (a string). A repeated key means any of the values. Operators: `name[$gte]=…` or `name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                name?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `country` (a string). A repeated key means any of the values. Operators: `country[$gte]=…` or `country={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                country?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `passing_score` (a number). A repeated key means any of the values. Operators: `passing_score[$gte]=…` or `passing_score={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                passing_score?: (number | string) | (number | string)[] | {
                    $eq?: number | "null";
                    $ne?: number | "null";
                    $gt?: number | "null";
                    $gte?: number | "null";
                    $lt?: number | "null";
                    $lte?: number | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `base_score` (a number). A repeated key means any of the values. Operators: `base_score[$gte]=…` or `base_score={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                base_score?: (number | string) | (number | string)[] | {
                    $eq?: number | "null";
                    $ne?: number | "null";
                    $gt?: number | "null";
                    $gte?: number | "null";
                    $lt?: number | "null";
                    $lte?: number | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `score_decimals` (a integer). A repeated key means any of the values. Operators: `score_decimals[$gte]=…` or `score_decimals={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                score_decimals?: (number | string) | (number | string)[] | {
                    $eq?: number | "null";
                    $ne?: number | "null";
                    $gt?: number | "null";
                    $gte?: number | "null";
                    $lt?: number | "null";
                    $lte?: number | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `weight_score` (a number). A repeated key means any of the values. Operators: `weight_score[$gte]=…` or `weight_score={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                weight_score?: (number | string) | (number | string)[] | {
                    $eq?: number | "null";
                    $ne?: number | "null";
                    $gt?: number | "null";
                    $gte?: number | "null";
                    $lt?: number | "null";
                    $lte?: number | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `round` (a boolean). A repeated key means any of the values. Operators: `round[$gte]=…` or `round={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                round?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `calculate_by_equivalences` (a boolean). A repeated key means any of the values. Operators: `calculate_by_equivalences[$gte]=…` or `calculate_by_equivalences={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                calculate_by_equivalences?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `new_promotion_logic` (a boolean). A repeated key means any of the values. Operators: `new_promotion_logic[$gte]=…` or `new_promotion_logic={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                new_promotion_logic?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `enable_custom_year` (a boolean). A repeated key means any of the values. Operators: `enable_custom_year[$gte]=…` or `enable_custom_year={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                enable_custom_year?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `active` (a boolean). A repeated key means any of the values. Operators: `active[$gte]=…` or `active={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                active?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `created_at` (a date). A repeated key means any of the values. Operators: `created_at[$gte]=…` or `created_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                created_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `updated_at` (a date). A repeated key means any of the values. Operators: `updated_at[$gte]=…` or `updated_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                updated_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of years: the array of records, or with `__include_totals=true` the totals object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Year"][] | components["schemas"]["YearTotals"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    updateYearByBodyId: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["YearUpdateWithId"];
            };
        };
        responses: {
            /** @description The Year as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Year"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    createYear: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["YearCreate"];
            };
        };
        responses: {
            /** @description The new Year. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Year"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getYear: {
        parameters: {
            query?: {
                /** @description Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only. */
                select?: string;
                /** @description Replace references (`school`) by the records they point to: `{"<reference>":"<fields, space-separated>"}` (`""` for every field), chains across references (`a.b`), `true` for the default set, `false` for none. */
                populate?: string;
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description The record’s 24-hex `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Year. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Year"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    updateYear: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description The record’s 24-hex `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["YearUpdate"];
            };
        };
        responses: {
            /** @description The Year as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Year"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    listCourses: {
        parameters: {
            query?: {
                /** @description Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only. */
                select?: string;
                /** @description Replace references (`school`) by the records they point to: `{"<reference>":"<fields, space-separated>"}` (`""` for every field), chains across references (`a.b`), `true` for the default set, `false` for none. */
                populate?: string;
                /** @description Sort keys and directions (asc, desc, 1, -1) as JSON, `{"a":"asc","b":"desc"}`, or in the bracket form `__sort[a]=asc&__sort[b]=desc`. `_id` is the final tie-breaker. */
                __sort?: string | {
                    /** @enum {unknown} */
                    school?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    name?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    reference_name?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    code?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    weight_in_subject?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    active?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    created_at?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    updated_at?: "asc" | "desc" | 1 | -1;
                };
                /** @description The page, from 1 (the default) to 90071992547409 (the last page whose skip stays exact at the largest page size). */
                __page?: number;
                /** @description Records per page, 1 to 100 (default 20). */
                __per_page?: number;
                /** @description `true` answers `{results, total, actual_total, …}` instead of the bare array of records (default `false`). */
                __include_totals?: boolean;
                /**
                 * @deprecated
                 * @description The same as `__include_totals`.
                 */
                include_totals?: boolean;
                /** @description Filter on `_id` (an id). A repeated key means any of the values. Operators: `_id[$gte]=…` or `_id={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                _id?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `school` (the id of a schools record). A repeated key means any of the values. Operators: `school[$gte]=…` or `school={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                school?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `name` (a string). A repeated key means any of the values. Operators: `name[$gte]=…` or `name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                name?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `reference_name` (a string). A repeated key means any of the values. Operators: `reference_name[$gte]=…` or `reference_name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                reference_name?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `code` (a string). A repeated key means any of the values. Operators: `code[$gte]=…` or `code={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                code?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `weight_in_subject` (a number). A repeated key means any of the values. Operators: `weight_in_subject[$gte]=…` or `weight_in_subject={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                weight_in_subject?: (number | string) | (number | string)[] | {
                    $eq?: number | "null";
                    $ne?: number | "null";
                    $gt?: number | "null";
                    $gte?: number | "null";
                    $lt?: number | "null";
                    $lte?: number | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `active` (a boolean). A repeated key means any of the values. Operators: `active[$gte]=…` or `active={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                active?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `created_at` (a date). A repeated key means any of the values. Operators: `created_at[$gte]=…` or `created_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                created_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `updated_at` (a date). A repeated key means any of the values. Operators: `updated_at[$gte]=…` or `updated_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                updated_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of courses: the array of records, or with `__include_totals=true` the totals object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Course"][] | components["schemas"]["CourseTotals"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    updateCourseByBodyId: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CourseUpdateWithId"];
            };
        };
        responses: {
            /** @description The Course as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Course"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    createCourse: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CourseCreate"];
            };
        };
        responses: {
            /** @description The new Course. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Course"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getCourse: {
        parameters: {
            query?: {
                /** @description Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only. */
                select?: string;
                /** @description Replace references (`school`) by the records they point to: `{"<reference>":"<fields, space-separated>"}` (`""` for every field), chains across references (`a.b`), `true` for the default set, `false` for none. */
                populate?: string;
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description The record’s 24-hex `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Course. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Course"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    updateCourse: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description The record’s 24-hex `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CourseUpdate"];
            };
        };
        responses: {
            /** @description The Course as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Course"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    listSections: {
        parameters: {
            query?: {
                /** @description Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only. */
                select?: string;
                /** @description Replace references (`school`) by the records they point to: `{"<reference>":"<fields, space-separated>"}` (`""` for every field), chains across references (`a.b`), `true` for the default set, `false` for none. */
                populate?: string;
                /** @description Sort keys and directions (asc, desc, 1, -1) as JSON, `{"a":"asc","b":"desc"}`, or in the bracket form `__sort[a]=asc&__sort[b]=desc`. `_id` is the final tie-breaker. */
                __sort?: string | {
                    /** @enum {unknown} */
                    school?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    name?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    code?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    active?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    created_at?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    updated_at?: "asc" | "desc" | 1 | -1;
                };
                /** @description The page, from 1 (the default) to 90071992547409 (the last page whose skip stays exact at the largest page size). */
                __page?: number;
                /** @description Records per page, 1 to 100 (default 20). */
                __per_page?: number;
                /** @description `true` answers `{results, total, actual_total, …}` instead of the bare array of records (default `false`). */
                __include_totals?: boolean;
                /**
                 * @deprecated
                 * @description The same as `__include_totals`.
                 */
                include_totals?: boolean;
                /** @description Filter on `_id` (an id). A repeated key means any of the values. Operators: `_id[$gte]=…` or `_id={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                _id?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `school` (the id of a schools record). A repeated key means any of the values. Operators: `school[$gte]=…` or `school={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                school?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `name` (a string). A repeated key means any of the values. Operators: `name[$gte]=…` or `name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                name?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `code` (a string). A repeated key means any of the values. Operators: `code[$gte]=…` or `code={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                code?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `active` (a boolean). A repeated key means any of the values. Operators: `active[$gte]=…` or `active={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                active?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `created_at` (a date). A repeated key means any of the values. Operators: `created_at[$gte]=…` or `created_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                created_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `updated_at` (a date). A repeated key means any of the values. Operators: `updated_at[$gte]=…` or `updated_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                updated_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sections: the array of records, or with `__include_totals=true` the totals object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Section"][] | components["schemas"]["SectionTotals"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    updateSectionByBodyId: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SectionUpdateWithId"];
            };
        };
        responses: {
            /** @description The Section as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Section"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    createSection: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SectionCreate"];
            };
        };
        responses: {
            /** @description The new Section. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Section"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getSection: {
        parameters: {
            query?: {
                /** @description Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only. */
                select?: string;
                /** @description Replace references (`school`) by the records they point to: `{"<reference>":"<fields, space-separated>"}` (`""` for every field), chains across references (`a.b`), `true` for the default set, `false` for none. */
                populate?: string;
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description The record’s 24-hex `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Section. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Section"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    updateSection: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description The record’s 24-hex `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SectionUpdate"];
            };
        };
        responses: {
            /** @description The Section as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Section"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    listGrades: {
        parameters: {
            query?: {
                /** @description Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only. */
                select?: string;
                /** @description Replace references (`school`, `section`) by the records they point to: `{"<reference>":"<fields, space-separated>"}` (`""` for every field), chains across references (`a.b`), `true` for the default set, `false` for none. */
                populate?: string;
                /** @description Sort keys and directions (asc, desc, 1, -1) as JSON, `{"a":"asc","b":"desc"}`, or in the bracket form `__sort[a]=asc&__sort[b]=desc`. `_id` is the final tie-breaker. */
                __sort?: string | {
                    /** @enum {unknown} */
                    school?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    name?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    code?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    section?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    active?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    created_at?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    updated_at?: "asc" | "desc" | 1 | -1;
                };
                /** @description The page, from 1 (the default) to 90071992547409 (the last page whose skip stays exact at the largest page size). */
                __page?: number;
                /** @description Records per page, 1 to 100 (default 20). */
                __per_page?: number;
                /** @description `true` answers `{results, total, actual_total, …}` instead of the bare array of records (default `false`). */
                __include_totals?: boolean;
                /**
                 * @deprecated
                 * @description The same as `__include_totals`.
                 */
                include_totals?: boolean;
                /** @description Filter on `_id` (an id). A repeated key means any of the values. Operators: `_id[$gte]=…` or `_id={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                _id?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `school` (the id of a schools record). A repeated key means any of the values. Operators: `school[$gte]=…` or `school={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                school?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `name` (a string). A repeated key means any of the values. Operators: `name[$gte]=…` or `name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                name?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `code` (a string). A repeated key means any of the values. Operators: `code[$gte]=…` or `code={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                code?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `section` (the id of a sections record). A repeated key means any of the values. Operators: `section[$gte]=…` or `section={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                section?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `active` (a boolean). A repeated key means any of the values. Operators: `active[$gte]=…` or `active={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                active?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `created_at` (a date). A repeated key means any of the values. Operators: `created_at[$gte]=…` or `created_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                created_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `updated_at` (a date). A repeated key means any of the values. Operators: `updated_at[$gte]=…` or `updated_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                updated_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of grades: the array of records, or with `__include_totals=true` the totals object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Grade"][] | components["schemas"]["GradeTotals"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    updateGradeByBodyId: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GradeUpdateWithId"];
            };
        };
        responses: {
            /** @description The Grade as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Grade"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    createGrade: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GradeCreate"];
            };
        };
        responses: {
            /** @description The new Grade. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Grade"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getGrade: {
        parameters: {
            query?: {
                /** @description Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only. */
                select?: string;
                /** @description Replace references (`school`, `section`) by the records they point to: `{"<reference>":"<fields, space-separated>"}` (`""` for every field), chains across references (`a.b`), `true` for the default set, `false` for none. */
                populate?: string;
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description The record’s 24-hex `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Grade. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Grade"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    updateGrade: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description The record’s 24-hex `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GradeUpdate"];
            };
        };
        responses: {
            /** @description The Grade as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Grade"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    listStudents: {
        parameters: {
            query?: {
                /** @description Words that must all begin one of the record's searchable words (names, e-mail or its domain, identification number, …). Case and accents don't matter. At most 10 words of at most 64 characters, separated by spaces; a control character (U+0000–U+001F other than tab and line breaks, U+007F–U+009F) is refused. */
                global_search?: string;
                /** @description Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only. */
                select?: string;
                /** @description Replace references (`school`, `parents`, `years.year`, `years.group`) by the records they point to: `{"<reference>":"<fields, space-separated>"}` (`""` for every field), chains across references (`a.b`), `true` for the default set, `false` for none. */
                populate?: string;
                /** @description Records with one array element (of `years`, `addresses`, `emergency.contacts`) that satisfies every parameter: `{"property":"<array>","parameters":{…}}`, or an array of such objects. */
                elemMatch?: string;
                /** @description Sort keys and directions (asc, desc, 1, -1) as JSON, `{"a":"asc","b":"desc"}`, or in the bracket form `__sort[a]=asc&__sort[b]=desc`. `_id` is the final tie-breaker. */
                __sort?: string | {
                    /** @enum {unknown} */
                    school?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user._id"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.id_card"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.name"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.second_name"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.surname"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.second_surname"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.email"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    parents?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "years.year"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "years.enrolled"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "years.registered"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "years.group"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "addresses.name"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "addresses.city"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "addresses.city_zone"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    citizenship?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "emergency.contacts.name"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "emergency.contacts.phones.mobile"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    active?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "relational_data.all"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "relational_data.email"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    created_at?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    updated_at?: "asc" | "desc" | 1 | -1;
                };
                /** @description The page, from 1 (the default) to 90071992547409 (the last page whose skip stays exact at the largest page size). */
                __page?: number;
                /** @description Records per page, 1 to 100 (default 20). */
                __per_page?: number;
                /** @description `true` answers `{results, total, actual_total, …}` instead of the bare array of records (default `false`). */
                __include_totals?: boolean;
                /**
                 * @deprecated
                 * @description The same as `__include_totals`.
                 */
                include_totals?: boolean;
                /** @description Filter on `_id` (an id). A repeated key means any of the values. Operators: `_id[$gte]=…` or `_id={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                _id?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `school` (the id of a schools record). A repeated key means any of the values. Operators: `school[$gte]=…` or `school={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                school?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user._id` (an id). A repeated key means any of the values. Operators: `user._id[$gte]=…` or `user._id={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user._id"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.id_card` (a string). A repeated key means any of the values. Operators: `user.id_card[$gte]=…` or `user.id_card={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.id_card"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.name` (a string). A repeated key means any of the values. Operators: `user.name[$gte]=…` or `user.name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.name"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.second_name` (a string). A repeated key means any of the values. Operators: `user.second_name[$gte]=…` or `user.second_name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.second_name"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.surname` (a string). A repeated key means any of the values. Operators: `user.surname[$gte]=…` or `user.surname={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.surname"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.second_surname` (a string). A repeated key means any of the values. Operators: `user.second_surname[$gte]=…` or `user.second_surname={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.second_surname"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.email` (a string). A repeated key means any of the values. Operators: `user.email[$gte]=…` or `user.email={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.email"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `parents` (the id of a parents record). Matches records whose array holds it. A repeated key means any of the values. Operators: `parents[$gte]=…` or `parents={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                parents?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `years.year` (the id of a years record). Matches records with an element of `years` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `years.year[$gte]=…` or `years.year={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "years.year"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `years.enrolled` (a boolean). Matches records with an element of `years` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `years.enrolled[$gte]=…` or `years.enrolled={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "years.enrolled"?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `years.registered` (a boolean). Matches records with an element of `years` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `years.registered[$gte]=…` or `years.registered={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "years.registered"?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `years.group` (the id of a grades record). Matches records with an element of `years` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `years.group[$gte]=…` or `years.group={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "years.group"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `addresses.name` (a string). Matches records with an element of `addresses` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `addresses.name[$gte]=…` or `addresses.name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "addresses.name"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `addresses.city` (a string). Matches records with an element of `addresses` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `addresses.city[$gte]=…` or `addresses.city={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "addresses.city"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `addresses.city_zone` (an id). Matches records with an element of `addresses` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `addresses.city_zone[$gte]=…` or `addresses.city_zone={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "addresses.city_zone"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `citizenship` (a string). A repeated key means any of the values. Operators: `citizenship[$gte]=…` or `citizenship={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                citizenship?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `emergency.contacts.name` (a string). Matches records with an element of `emergency.contacts` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `emergency.contacts.name[$gte]=…` or `emergency.contacts.name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "emergency.contacts.name"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `emergency.contacts.phones.mobile` (a string). Matches records with an element of `emergency.contacts` that has it (use `elemMatch` to require one element to match several fields). A repeated key means any of the values. Operators: `emergency.contacts.phones.mobile[$gte]=…` or `emergency.contacts.phones.mobile={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "emergency.contacts.phones.mobile"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `active` (a boolean). A repeated key means any of the values. Operators: `active[$gte]=…` or `active={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                active?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `relational_data.all` (a string). A repeated key means any of the values. Operators: `relational_data.all[$gte]=…` or `relational_data.all={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "relational_data.all"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `relational_data.email` (a string). A repeated key means any of the values. Operators: `relational_data.email[$gte]=…` or `relational_data.email={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "relational_data.email"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `created_at` (a date). A repeated key means any of the values. Operators: `created_at[$gte]=…` or `created_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                created_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `updated_at` (a date). A repeated key means any of the values. Operators: `updated_at[$gte]=…` or `updated_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                updated_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of students: the array of records, or with `__include_totals=true` the totals object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Student"][] | components["schemas"]["StudentTotals"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    updateStudentByBodyId: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StudentUpdateWithId"];
            };
        };
        responses: {
            /** @description The Student as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Student"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    createStudent: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StudentCreate"];
            };
        };
        responses: {
            /** @description The new Student. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Student"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getStudent: {
        parameters: {
            query?: {
                /** @description Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only. */
                select?: string;
                /** @description Replace references (`school`, `parents`, `years.year`, `years.group`) by the records they point to: `{"<reference>":"<fields, space-separated>"}` (`""` for every field), chains across references (`a.b`), `true` for the default set, `false` for none. */
                populate?: string;
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description The record’s 24-hex `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Student. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Student"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    updateStudent: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description The record’s 24-hex `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StudentUpdate"];
            };
        };
        responses: {
            /** @description The Student as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Student"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    listParents: {
        parameters: {
            query?: {
                /** @description Words that must all begin one of the record's searchable words (names, e-mail or its domain, identification number, …). Case and accents don't matter. At most 10 words of at most 64 characters, separated by spaces; a control character (U+0000–U+001F other than tab and line breaks, U+007F–U+009F) is refused. */
                global_search?: string;
                /** @description Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only. */
                select?: string;
                /** @description Replace references (`school`) by the records they point to: `{"<reference>":"<fields, space-separated>"}` (`""` for every field), chains across references (`a.b`), `true` for the default set, `false` for none. */
                populate?: string;
                /** @description Sort keys and directions (asc, desc, 1, -1) as JSON, `{"a":"asc","b":"desc"}`, or in the bracket form `__sort[a]=asc&__sort[b]=desc`. `_id` is the final tie-breaker. */
                __sort?: string | {
                    /** @enum {unknown} */
                    school?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user._id"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.id_card"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.name"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.second_name"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.surname"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.second_surname"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.email"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    active?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "relational_data.all"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "relational_data.email"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    created_at?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    updated_at?: "asc" | "desc" | 1 | -1;
                };
                /** @description The page, from 1 (the default) to 90071992547409 (the last page whose skip stays exact at the largest page size). */
                __page?: number;
                /** @description Records per page, 1 to 100 (default 20). */
                __per_page?: number;
                /** @description `true` answers `{results, total, actual_total, …}` instead of the bare array of records (default `false`). */
                __include_totals?: boolean;
                /**
                 * @deprecated
                 * @description The same as `__include_totals`.
                 */
                include_totals?: boolean;
                /** @description Filter on `_id` (an id). A repeated key means any of the values. Operators: `_id[$gte]=…` or `_id={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                _id?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `school` (the id of a schools record). A repeated key means any of the values. Operators: `school[$gte]=…` or `school={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                school?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user._id` (an id). A repeated key means any of the values. Operators: `user._id[$gte]=…` or `user._id={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user._id"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.id_card` (a string). A repeated key means any of the values. Operators: `user.id_card[$gte]=…` or `user.id_card={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.id_card"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.name` (a string). A repeated key means any of the values. Operators: `user.name[$gte]=…` or `user.name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.name"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.second_name` (a string). A repeated key means any of the values. Operators: `user.second_name[$gte]=…` or `user.second_name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.second_name"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.surname` (a string). A repeated key means any of the values. Operators: `user.surname[$gte]=…` or `user.surname={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.surname"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.second_surname` (a string). A repeated key means any of the values. Operators: `user.second_surname[$gte]=…` or `user.second_surname={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.second_surname"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.email` (a string). A repeated key means any of the values. Operators: `user.email[$gte]=…` or `user.email={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.email"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `active` (a boolean). A repeated key means any of the values. Operators: `active[$gte]=…` or `active={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                active?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `relational_data.all` (a string). A repeated key means any of the values. Operators: `relational_data.all[$gte]=…` or `relational_data.all={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "relational_data.all"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `relational_data.email` (a string). A repeated key means any of the values. Operators: `relational_data.email[$gte]=…` or `relational_data.email={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "relational_data.email"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `created_at` (a date). A repeated key means any of the values. Operators: `created_at[$gte]=…` or `created_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                created_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `updated_at` (a date). A repeated key means any of the values. Operators: `updated_at[$gte]=…` or `updated_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                updated_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of parents: the array of records, or with `__include_totals=true` the totals object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Parent"][] | components["schemas"]["ParentTotals"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    updateParentByBodyId: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ParentUpdateWithId"];
            };
        };
        responses: {
            /** @description The Parent as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Parent"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    createParent: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ParentCreate"];
            };
        };
        responses: {
            /** @description The new Parent. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Parent"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getParent: {
        parameters: {
            query?: {
                /** @description Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only. */
                select?: string;
                /** @description Replace references (`school`) by the records they point to: `{"<reference>":"<fields, space-separated>"}` (`""` for every field), chains across references (`a.b`), `true` for the default set, `false` for none. */
                populate?: string;
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description The record’s 24-hex `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Parent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Parent"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    updateParent: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description The record’s 24-hex `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ParentUpdate"];
            };
        };
        responses: {
            /** @description The Parent as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["Parent"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    listStaff: {
        parameters: {
            query?: {
                /** @description Words that must all begin one of the record's searchable words (names, e-mail or its domain, identification number, …). Case and accents don't matter. At most 10 words of at most 64 characters, separated by spaces; a control character (U+0000–U+001F other than tab and line breaks, U+007F–U+009F) is refused. */
                global_search?: string;
                /** @description Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only. */
                select?: string;
                /** @description Replace references (`school`) by the records they point to: `{"<reference>":"<fields, space-separated>"}` (`""` for every field), chains across references (`a.b`), `true` for the default set, `false` for none. */
                populate?: string;
                /** @description Sort keys and directions (asc, desc, 1, -1) as JSON, `{"a":"asc","b":"desc"}`, or in the bracket form `__sort[a]=asc&__sort[b]=desc`. `_id` is the final tie-breaker. */
                __sort?: string | {
                    /** @enum {unknown} */
                    school?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user._id"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.id_card"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.name"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.second_name"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.surname"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.second_surname"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "user.email"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    role?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    active?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "relational_data.all"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    "relational_data.email"?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    created_at?: "asc" | "desc" | 1 | -1;
                    /** @enum {unknown} */
                    updated_at?: "asc" | "desc" | 1 | -1;
                };
                /** @description The page, from 1 (the default) to 90071992547409 (the last page whose skip stays exact at the largest page size). */
                __page?: number;
                /** @description Records per page, 1 to 100 (default 20). */
                __per_page?: number;
                /** @description `true` answers `{results, total, actual_total, …}` instead of the bare array of records (default `false`). */
                __include_totals?: boolean;
                /**
                 * @deprecated
                 * @description The same as `__include_totals`.
                 */
                include_totals?: boolean;
                /** @description Filter on `_id` (an id). A repeated key means any of the values. Operators: `_id[$gte]=…` or `_id={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                _id?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `school` (the id of a schools record). A repeated key means any of the values. Operators: `school[$gte]=…` or `school={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                school?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user._id` (an id). A repeated key means any of the values. Operators: `user._id[$gte]=…` or `user._id={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user._id"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.id_card` (a string). A repeated key means any of the values. Operators: `user.id_card[$gte]=…` or `user.id_card={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.id_card"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.name` (a string). A repeated key means any of the values. Operators: `user.name[$gte]=…` or `user.name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.name"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.second_name` (a string). A repeated key means any of the values. Operators: `user.second_name[$gte]=…` or `user.second_name={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.second_name"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.surname` (a string). A repeated key means any of the values. Operators: `user.surname[$gte]=…` or `user.surname={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.surname"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.second_surname` (a string). A repeated key means any of the values. Operators: `user.second_surname[$gte]=…` or `user.second_surname={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.second_surname"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `user.email` (a string). A repeated key means any of the values. Operators: `user.email[$gte]=…` or `user.email={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "user.email"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `role` (a string). A repeated key means any of the values. Operators: `role[$gte]=…` or `role={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                role?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `active` (a boolean). A repeated key means any of the values. Operators: `active[$gte]=…` or `active={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                active?: (boolean | string) | (boolean | string)[] | {
                    $eq?: boolean | "null";
                    $ne?: boolean | "null";
                    $gt?: boolean | "null";
                    $gte?: boolean | "null";
                    $lt?: boolean | "null";
                    $lte?: boolean | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `relational_data.all` (a string). A repeated key means any of the values. Operators: `relational_data.all[$gte]=…` or `relational_data.all={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "relational_data.all"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `relational_data.email` (a string). A repeated key means any of the values. Operators: `relational_data.email[$gte]=…` or `relational_data.email={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                "relational_data.email"?: (string) | (string)[] | {
                    $eq?: string | "null";
                    $ne?: string | "null";
                    $gt?: string | "null";
                    $gte?: string | "null";
                    $lt?: string | "null";
                    $lte?: string | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `created_at` (a date). A repeated key means any of the values. Operators: `created_at[$gte]=…` or `created_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                created_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
                /** @description Filter on `updated_at` (a date). A repeated key means any of the values. Operators: `updated_at[$gte]=…` or `updated_at={"$gte":…}` with $eq $ne $gt $gte $lt $lte $in $nin $exists. */
                updated_at?: ((string) | string) | ((string) | string)[] | {
                    $eq?: (string) | "null";
                    $ne?: (string) | "null";
                    $gt?: (string) | "null";
                    $gte?: (string) | "null";
                    $lt?: (string) | "null";
                    $lte?: (string) | "null";
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $in?: string;
                    /** @description A JSON array of values, e.g. `["a","b"]`. */
                    $nin?: string;
                    $exists?: boolean;
                };
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of staff: the array of records, or with `__include_totals=true` the totals object. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["StaffMember"][] | components["schemas"]["StaffMemberTotals"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    updateStaffMemberByBodyId: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffMemberUpdateWithId"];
            };
        };
        responses: {
            /** @description The StaffMember as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["StaffMember"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    createStaffMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffMemberCreate"];
            };
        };
        responses: {
            /** @description The new StaffMember. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["StaffMember"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    getStaffMember: {
        parameters: {
            query?: {
                /** @description Fields to return: `a b.c` (space- or plus-separated), `{"a":1}`, exclusion `-a`, or `{"<array>":{"$elemMatch":{…}}}` for the matching array elements only. */
                select?: string;
                /** @description Replace references (`school`) by the records they point to: `{"<reference>":"<fields, space-separated>"}` (`""` for every field), chains across references (`a.b`), `true` for the default set, `false` for none. */
                populate?: string;
            };
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description The record’s 24-hex `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The StaffMember. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["StaffMember"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
    updateStaffMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description A request id for the logs: a value of 1 to 64 letters, digits, `_`, `.` or `-` is used as it is (every log line of the request carries it as `reqId`); any other value is replaced by a generated one. */
                "x-request-id"?: string;
            };
            path: {
                /** @description The record’s 24-hex `_id`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffMemberUpdate"];
            };
        };
        responses: {
            /** @description The StaffMember as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        response: components["schemas"]["StaffMember"];
                        /** @description Empty on success. */
                        errors: components["schemas"]["ErrorEntry"][];
                    };
                };
            };
            /** @description The request is not valid: every problem is listed, with the parameter or field it is about. Codes: `UNKNOWN_FIELD`, `INVALID_VALUE`, `UNSUPPORTED_OPERATOR`, `INVALID_JSON`, `INVALID_PAGINATION`, `INVALID_SORT`, `INVALID_SELECT`, `INVALID_POPULATE`, `QUERY_TOO_COMPLEX`, `TOO_MANY_ERRORS`, `VALIDATION_FAILED`, `BODY_TOO_COMPLEX`, `INVALID_HEADER`, `REPLY_TOO_LARGE`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No bearer token, an unknown or revoked one, or an expired one (with `WWW-Authenticate: Bearer`). Codes: `UNAUTHORIZED`, `TOKEN_EXPIRED`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The token lacks the scope, the body names a school outside the token's schools, or (tokens API) it asks for more than the caller's own power. Codes: `FORBIDDEN`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description No such record in your schools (or no such route). Codes: `NOT_FOUND`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description A conflict: a unique value already in use, a record others reference, a concurrent change, or (tokens API) an issuer already holding its limit of active tokens. Codes: `CONFLICT`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is larger than the limit. Codes: `PAYLOAD_TOO_LARGE`. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description The body is not `application/json`. Codes: `UNSUPPORTED_MEDIA_TYPE`. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description Too many requests for this token (without a valid token: from this address); retry after `Retry-After` seconds. Counted before the body is read. Codes: `RATE_LIMITED`. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
            /** @description An unexpected failure; the reply carries no internals, the log has the details. Codes: `INTERNAL`. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorReply"];
                };
            };
        };
    };
}
