-- +goose Up
-- Batch reprocessing: one row per run (its parameters and progress) and one
-- row per (analysis, stage, fingerprint) so that running the same batch
-- twice enqueues nothing twice.

CREATE TABLE reprocess_runs (
    id TEXT PRIMARY KEY,
    stage TEXT NOT NULL,
    params_json TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL,
    matched BIGINT NOT NULL DEFAULT 0,
    enqueued BIGINT NOT NULL DEFAULT 0,
    skipped BIGINT NOT NULL DEFAULT 0,
    done BIGINT NOT NULL DEFAULT 0,
    failed BIGINT NOT NULL DEFAULT 0,
    detail TEXT NOT NULL DEFAULT '',
    created_by TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    finished_at TIMESTAMP NULL
);
CREATE INDEX reprocess_runs_created ON reprocess_runs (created_at);

CREATE TABLE reprocess_items (
    analysis_id TEXT NOT NULL,
    stage TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    run_id TEXT NOT NULL,
    status TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (analysis_id, stage, fingerprint)
);
CREATE INDEX reprocess_items_run ON reprocess_items (run_id, status);

-- +goose Down
DROP TABLE reprocess_items;
DROP TABLE reprocess_runs;
