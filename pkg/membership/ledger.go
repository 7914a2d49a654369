package membership

import (
	"context"
	"errors"
	"fmt"
	"time"

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
// Take is one conditional UPDATE (calls = calls + 1 WHERE calls < limit)
// inside a transaction with the charge row: PostgreSQL's row lock and
// SQLite's single writer make it exact under concurrency, and a refund
// never takes a counter below zero.
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
	err := l.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
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
	if err != nil && !errors.Is(err, ErrLimitReached) {
		return fmt.Errorf("count call of %s: %w", subject, err)
	}
	return err
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
