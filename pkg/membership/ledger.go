package membership

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
)

// ErrLimitReached is returned by Ledger.Take when the subject's counter for
// the day is at its limit.
var ErrLimitReached = errors.New("membership: daily limit reached")

// Ledger counts daily calls in the database, the source of truth: a lost
// or flushed Redis no longer hands out a second day's worth of calls. Each
// call is charged to an analysis id, so that it can be given back exactly
// once when the analysis fails for a reason that is not the user's.
//
// Take raises the counter in one conditional upsert (calls = calls + 1
// WHERE calls < limit) together with the charge row: PostgreSQL's row lock
// and SQLite's single writer make it exact under concurrency, and a refund
// never takes a counter below zero. On PostgreSQL both are one statement,
// so the counter's row is locked only while the server runs it, not for
// the round trips of a transaction: every upload of one subject takes the
// same row (issue 26: at 3 workers and 150 clients of one user, uploads
// queued up to 14 deep on that lock and upload p50 went from 25 to 250 ms).
type Ledger struct {
	db *gorm.DB
}

// NewLedger returns a ledger on db (migrations/00011_usage.sql).
func NewLedger(db *gorm.DB) *Ledger { return &Ledger{db: db} }

// Day is the UTC date a call at t is counted on.
func Day(t time.Time) string { return t.UTC().Format("2006-01-02") }

// Take counts one call of subject on day for chargeID unless the counter
// reached limit (limit <= 0: no limit). It returns ErrLimitReached at the
// limit. Taking the same chargeID twice counts once.
func (l *Ledger) Take(ctx context.Context, subject, day string, limit int, chargeID string) error {
	var err error
	if l.db.Dialector.Name() == "postgres" {
		err = l.takeOne(ctx, subject, day, limit, chargeID)
	} else {
		err = l.takeInTransaction(ctx, subject, day, limit, chargeID)
	}
	if err != nil && !errors.Is(err, ErrLimitReached) {
		return fmt.Errorf("count call of %s: %w", subject, err)
	}
	return err
}

// takeCounted raises the counter unless chargeID is charged already (or
// the counter is at the limit: %s) and adds the charge row only if it
// did. Two Takes of one charge at once may both raise the counter; the
// second's charge row then breaks the primary key and its whole statement
// rolls back.
const takeCounted = `WITH counted AS (
	INSERT INTO usage_counts AS u (subject, day, calls)
	SELECT @subject, @day, 1
	WHERE NOT EXISTS (SELECT 1 FROM usage_charges WHERE analysis_id = @charge AND subject = @subject)
	ON CONFLICT (subject, day) DO UPDATE SET calls = u.calls + 1 %s
	RETURNING 1)
INSERT INTO usage_charges (analysis_id, subject, day, created_at)
SELECT @charge, @subject, @day, @at FROM counted`

// uniqueViolation is PostgreSQL's SQLSTATE for a broken unique key.
const uniqueViolation = "23505"

// takeOne is Take in one PostgreSQL statement.
func (l *Ledger) takeOne(ctx context.Context, subject, day string, limit int, chargeID string) error {
	args := map[string]any{"subject": subject, "day": day, "charge": chargeID, "at": time.Now().UTC(), "limit": limit}
	cond := ""
	if limit > 0 {
		cond = "WHERE u.calls < @limit"
	}
	res := l.db.WithContext(ctx).Exec(fmt.Sprintf(takeCounted, cond), args)
	var pe *pgconn.PgError
	if errors.As(res.Error, &pe) && pe.Code == uniqueViolation {
		return nil // charged at the same moment by another Take
	}
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected > 0 {
		return nil
	}
	// Nothing counted: charged before, or at the limit.
	var n []int64
	if err := l.db.WithContext(ctx).Raw("SELECT 1 FROM usage_charges WHERE analysis_id = ? AND subject = ?", chargeID, subject).Scan(&n).Error; err != nil {
		return err
	}
	if len(n) > 0 {
		return nil
	}
	return ErrLimitReached
}

// takeInTransaction is Take on SQLite (no INSERT in WITH): the counter's
// row, the charge and the conditional UPDATE in one transaction.
func (l *Ledger) takeInTransaction(ctx context.Context, subject, day string, limit int, chargeID string) error {
	return l.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("INSERT INTO usage_counts (subject, day, calls) VALUES (?, ?, 0) ON CONFLICT (subject, day) DO NOTHING", subject, day).Error; err != nil {
			return err
		}
		res := tx.Exec("INSERT INTO usage_charges (analysis_id, subject, day, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (analysis_id, subject) DO NOTHING",
			chargeID, subject, day, time.Now().UTC())
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil // already charged
		}
		q := "UPDATE usage_counts SET calls = calls + 1 WHERE subject = ? AND day = ?"
		args := []any{subject, day}
		if limit > 0 {
			q += " AND calls < ?"
			args = append(args, limit)
		}
		res = tx.Exec(q, args...)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrLimitReached
		}
		return nil
	})
}

// Refund gives back every call charged to chargeID (on the day each was
// charged) and reports how many. A second refund of the same charge finds
// nothing and gives nothing.
func (l *Ledger) Refund(ctx context.Context, chargeID string) (int, error) {
	n := 0
	err := l.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		n, err = refund(tx, chargeID)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("refund charge %s: %w", chargeID, err)
	}
	return n, nil
}

// RefundIn is Refund inside tx, a transaction of the caller's on the
// ledger's database (the one that records an analysis failed): the call
// is given back if and only if tx commits.
func (l *Ledger) RefundIn(ctx context.Context, tx *gorm.DB, chargeID string) (int, error) {
	n, err := refund(tx.WithContext(ctx), chargeID)
	if err != nil {
		return 0, fmt.Errorf("refund charge %s: %w", chargeID, err)
	}
	return n, nil
}

// refund gives back, in transaction tx, every call charged to chargeID.
func refund(tx *gorm.DB, chargeID string) (int, error) {
	var charges []struct {
		Subject string
		Day     string
	}
	if err := tx.Raw("SELECT subject, day FROM usage_charges WHERE analysis_id = ?", chargeID).Scan(&charges).Error; err != nil {
		return 0, err
	}
	n := 0
	for _, c := range charges {
		res := tx.Exec("DELETE FROM usage_charges WHERE analysis_id = ? AND subject = ?", chargeID, c.Subject)
		if res.Error != nil {
			return 0, res.Error
		}
		if res.RowsAffected == 0 {
			continue // refunded concurrently
		}
		if err := tx.Exec("UPDATE usage_counts SET calls = calls - 1 WHERE subject = ? AND day = ? AND calls > 0", c.Subject, c.Day).Error; err != nil {
			return 0, err
		}
		n++
	}
	return n, nil
}

// Used returns the calls counted for subject on day.
func (l *Ledger) Used(ctx context.Context, subject, day string) (int, error) {
	var n []int64
	if err := l.db.WithContext(ctx).Raw("SELECT calls FROM usage_counts WHERE subject = ? AND day = ?", subject, day).Scan(&n).Error; err != nil {
		return 0, fmt.Errorf("read usage of %s: %w", subject, err)
	}
	if len(n) == 0 {
		return 0, nil
	}
	return int(n[0]), nil
}

// FirstCharge returns the charge id of subject's first call on day, or ""
// (the demo answers it as the earlier demo's id).
func (l *Ledger) FirstCharge(ctx context.Context, subject, day string) (string, error) {
	var ids []string
	if err := l.db.WithContext(ctx).Raw("SELECT analysis_id FROM usage_charges WHERE subject = ? AND day = ? ORDER BY created_at LIMIT 1", subject, day).Scan(&ids).Error; err != nil {
		return "", fmt.Errorf("read charges of %s: %w", subject, err)
	}
	if len(ids) == 0 {
		return "", nil
	}
	return ids[0], nil
}
