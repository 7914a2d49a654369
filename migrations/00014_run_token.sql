-- +goose Up
-- The token of the run (the worker's run lease) that may write an
-- analysis's stages, result and status: a run that lost its lease (a
-- frozen worker whose run was taken over) finds another token here, and
-- its writes change nothing.
ALTER TABLE analyses ADD COLUMN run_token TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE analyses DROP COLUMN run_token;
