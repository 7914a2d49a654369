-- +goose Up
-- The LLM result cache: which completed analysis of an account holds the
-- model for an input (content hash of the extracted input, provider, model,
-- prompt and schema version). It points at the analysis instead of copying
-- its model, so deleting the analysis deletes what the cache could reuse.

CREATE TABLE llm_results (
    cache_key TEXT NOT NULL,
    account_id TEXT NOT NULL,
    analysis_id TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (cache_key, account_id)
);
CREATE INDEX llm_results_analysis ON llm_results (analysis_id);

-- +goose Down
DROP TABLE llm_results;
