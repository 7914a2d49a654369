-- +goose Up
-- Portable subset: TEXT ids made in Go, TEXT/BIGINT/BOOLEAN/TIMESTAMP, JSON as TEXT.

CREATE TABLE users (
    id TEXT PRIMARY KEY,
    subject TEXT NOT NULL,
    issuer TEXT NOT NULL,
    email TEXT NOT NULL,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL DEFAULT '',
    membership_type TEXT NOT NULL DEFAULT 'Free',
    trial_started_at TIMESTAMP NULL,
    is_operator BOOLEAN NOT NULL DEFAULT FALSE,
    api_key_ciphertext TEXT NOT NULL DEFAULT '',
    api_key_last4 TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX users_issuer_subject ON users (issuer, subject);
CREATE INDEX users_email ON users (email);

CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    membership_type TEXT NOT NULL DEFAULT 'Free',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX accounts_name ON accounts (name);

CREATE TABLE account_members (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role TEXT NOT NULL DEFAULT 'member',
    last_access_at TIMESTAMP NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (account_id, user_id)
);
CREATE INDEX account_members_user ON account_members (user_id);

CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    id_token_hint TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    last_seen_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE access_tokens (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    name TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    last_used_at TIMESTAMP NULL,
    revoked_at TIMESTAMP NULL
);
CREATE UNIQUE INDEX access_tokens_hash ON access_tokens (token_hash);

CREATE TABLE analyses (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    user_id TEXT NOT NULL DEFAULT '',
    analyzer_type TEXT NOT NULL,
    status TEXT NOT NULL,
    stage TEXT NOT NULL,
    current_stage TEXT NOT NULL DEFAULT '',
    progress BIGINT NOT NULL DEFAULT 0,
    attempt BIGINT NOT NULL DEFAULT 0,
    original_filename TEXT NOT NULL DEFAULT '',
    content_type TEXT NOT NULL DEFAULT '',
    size_bytes BIGINT NOT NULL DEFAULT 0,
    blob_key TEXT NOT NULL DEFAULT '',
    process_name TEXT NOT NULL DEFAULT '',
    process_purpose TEXT NOT NULL DEFAULT '',
    formatted_text TEXT NOT NULL DEFAULT '',
    model_json TEXT NOT NULL DEFAULT '',
    bpmn_xml TEXT NOT NULL DEFAULT '',
    graph_status TEXT NOT NULL DEFAULT 'pending',
    metadata_json TEXT NOT NULL DEFAULT '{}',
    input_tokens BIGINT NOT NULL DEFAULT 0,
    output_tokens BIGINT NOT NULL DEFAULT 0,
    total_tokens BIGINT NOT NULL DEFAULT 0,
    detail TEXT NOT NULL DEFAULT '',
    stages_log TEXT NOT NULL DEFAULT '',
    is_demo BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    completed_at TIMESTAMP NULL
);
CREATE INDEX analyses_account_created ON analyses (account_id, created_at);
CREATE INDEX analyses_status ON analyses (status);

-- +goose Down
DROP TABLE analyses;
DROP TABLE access_tokens;
DROP TABLE sessions;
DROP TABLE account_members;
DROP TABLE accounts;
DROP TABLE users;
