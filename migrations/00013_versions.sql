-- +goose Up
-- Versions of an analysis' process model: every save from the editor,
-- every refinement and every restore is a new version; version 1 is the
-- analysis as generated. The analyses row keeps the latest version's
-- content (so polls and exports read one row) and its number.

CREATE TABLE analysis_versions (
    analysis_id TEXT NOT NULL,
    version BIGINT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    author TEXT NOT NULL DEFAULT '',
    summary TEXT NOT NULL DEFAULT '',
    source TEXT NOT NULL,
    process_name TEXT NOT NULL DEFAULT '',
    bpmn_xml TEXT NOT NULL DEFAULT '',
    model_json TEXT NOT NULL DEFAULT '',
    formatted_text TEXT NOT NULL DEFAULT '',
    operations_json TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (analysis_id, version)
);

ALTER TABLE analyses ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
-- The extracted document text, so the Source panel can show where each
-- element came from.
ALTER TABLE analyses ADD COLUMN source_text TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE analyses DROP COLUMN source_text;
ALTER TABLE analyses DROP COLUMN version;
DROP TABLE analysis_versions;
