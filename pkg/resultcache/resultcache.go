// Package resultcache remembers which completed analysis holds the process
// model for an input, so that the same input analysed again (a second
// upload, a reprocess with nothing changed) reuses that model instead of
// paying for another LLM call.
//
// An entry is only a pointer (cache key and account → analysis id); the
// model is read from the analysis itself. Deleting an analysis therefore
// deletes what the cache could reuse, and entries are scoped to one account
// so that nobody learns from a hit that another account analysed the same
// document.
package resultcache

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Hit is a stored model for a cache key.
type Hit struct {
	// AnalysisID is the analysis the model comes from.
	AnalysisID string
	// ModelJSON is the stored process model.
	ModelJSON string
	// MetadataJSON is the analysis metadata (model name, format, pages).
	MetadataJSON string
}

// Store reads and writes the llm_results table (migrations/00010).
type Store struct{ db *gorm.DB }

// New returns a store on db.
func New(db *gorm.DB) *Store { return &Store{db: db} }

type row struct {
	CacheKey   string `gorm:"column:cache_key;primaryKey"`
	AccountID  string `gorm:"column:account_id;primaryKey"`
	AnalysisID string `gorm:"column:analysis_id"`
	CreatedAt  time.Time
}

func (row) TableName() string { return "llm_results" }

// Lookup returns the model of a completed analysis of accountID stored
// under key, or (nil, nil) when there is none; an entry whose analysis is
// gone or not completed is not a hit.
func (s *Store) Lookup(ctx context.Context, key, accountID string) (*Hit, error) {
	var h struct {
		AnalysisID   string
		ModelJSON    string
		MetadataJSON string
	}
	err := s.db.WithContext(ctx).Table("llm_results AS c").
		Select("a.id AS analysis_id, a.model_json AS model_json, a.metadata_json AS metadata_json").
		Joins("JOIN analyses a ON a.id = c.analysis_id").
		Where("c.cache_key = ? AND c.account_id = ? AND a.status = ? AND a.model_json <> ''", key, accountID, "completed").
		Take(&h).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("result cache lookup: %w", err)
	}
	return &Hit{AnalysisID: h.AnalysisID, ModelJSON: h.ModelJSON, MetadataJSON: h.MetadataJSON}, nil
}

// Remember stores that analysisID holds the model for key in accountID,
// replacing an older entry.
func (s *Store) Remember(ctx context.Context, key, accountID, analysisID string) error {
	r := row{CacheKey: key, AccountID: accountID, AnalysisID: analysisID, CreatedAt: time.Now().UTC()}
	err := s.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "cache_key"}, {Name: "account_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"analysis_id", "created_at"}),
	}).Create(&r).Error
	if err != nil {
		return fmt.Errorf("result cache remember: %w", err)
	}
	return nil
}
