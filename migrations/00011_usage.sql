-- +goose Up
-- Daily limits counted in the database (issue 12.7): one counter per
-- subject (a user, a demo device or address) and UTC day, raised only
-- while under the limit in one conditional UPDATE, and one row per charge
-- so that a failure that was not the user's fault gives its call back
-- exactly once (issue 14.4).

CREATE TABLE usage_counts (
    subject TEXT NOT NULL,
    day TEXT NOT NULL,
    calls BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (subject, day)
);

CREATE TABLE usage_charges (
    analysis_id TEXT NOT NULL,
    subject TEXT NOT NULL,
    day TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    PRIMARY KEY (analysis_id, subject)
);
CREATE INDEX usage_charges_subject_day ON usage_charges (subject, day);

-- Sessions no longer keep the provider's raw ID token (issue 12.8):
-- sign-out needs only the client id. Clear the ones stored before.
UPDATE sessions SET id_token_hint = '';

-- +goose Down
DROP TABLE usage_charges;
DROP TABLE usage_counts;
