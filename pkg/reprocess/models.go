package reprocess

import (
	"errors"
	"time"
)

// Run statuses.
const (
	RunEnqueuing = "enqueuing"
	RunRunning   = "running"
	RunCompleted = "completed"
	RunFailed    = "failed"
)

// Item statuses.
const (
	ItemQueued = "queued"
	ItemDone   = "done"
	ItemFailed = "failed"
)

// ErrNotFound is returned for an unknown run id.
var ErrNotFound = errors.New("reprocess run not found")

// Run is the progress record of one batch.
type Run struct {
	ID         string     `gorm:"primaryKey" json:"id"`
	Stage      string     `json:"stage" enum:"analysis,graph"`
	ParamsJSON string     `gorm:"column:params_json" json:"-"`
	Params     Params     `gorm:"-" json:"params"`
	Status     string     `json:"status" enum:"enqueuing,running,completed,failed"`
	Matched    int        `json:"matched"`
	Enqueued   int        `json:"enqueued"`
	Skipped    int        `json:"skipped"`
	Done       int        `json:"done"`
	Failed     int        `json:"failed"`
	Detail     string     `json:"detail,omitempty"`
	CreatedBy  string     `json:"created_by,omitempty"`
	CreatedAt  time.Time  `json:"created_at"`
	UpdatedAt  time.Time  `json:"updated_at"`
	FinishedAt *time.Time `json:"finished_at,omitempty"`
}

// TableName is the gorm table.
func (Run) TableName() string { return "reprocess_runs" }

// Item is one analysis of a run.
type Item struct {
	AnalysisID  string `gorm:"primaryKey"`
	Stage       string `gorm:"primaryKey"`
	Fingerprint string `gorm:"primaryKey"`
	RunID       string
	Status      string
	Detail      string
	UpdatedAt   time.Time
}

// TableName is the gorm table.
func (Item) TableName() string { return "reprocess_items" }
