// Package analysis holds the Analysis entity, its states and stages, and the
// repository the api and worker share. The database row is the source of
// truth; queue tasks carry only the analysis id.
package analysis

import (
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// Errors of this package.
var (
	ErrNotFound = errors.New("analysis not found")
	// ErrSuperseded: a run's write found the analysis in another run's
	// hands (its run was taken over) or, for Run.Begin, finished; the
	// write changed nothing, and the run must stop.
	ErrSuperseded = errors.New("another run of this analysis took over or finished it")
)

// Statuses.
const (
	StatusQueued    = "queued"
	StatusRunning   = "running"
	StatusCompleted = "completed"
	StatusFailed    = "failed"
)

// Stages, in order. Each is written to the row before its work starts.
const (
	StageQueued         = "queued"
	StageExtractingText = "extracting_text"
	StageAnalyzing      = "analyzing"
	// StageWaitingProvider is a pause between tries of the AI provider
	// (rate limit, outage); current_stage says why and when the next try
	// comes.
	StageWaitingProvider = "waiting_for_provider"
	StageBuildingModel   = "building_model"
	StageCompleted       = "completed"
	StageFailed          = "failed"
)

// Analyzer types.
const (
	TypeDocument = "document"
	TypeImage    = "image"
	TypeBPMN     = "bpmn"
)

// Graph statuses.
const (
	GraphPending   = "pending"
	GraphBuilding  = "building"
	GraphCompleted = "completed"
	GraphFailed    = "failed"
	GraphNone      = "none"
)

// CompletedText is current_stage of a finished analysis; the UI matches
// 'completed successfully'.
const CompletedText = "Analysis completed successfully"

// StageText is the human text and progress of each stage.
var StageText = map[string]struct {
	Text     string
	Progress int
}{
	StageQueued:          {"Waiting in the queue", 5},
	StageExtractingText:  {"Extracting text from the document", 20},
	StageAnalyzing:       {"Analyzing the process", 45},
	StageWaitingProvider: {"Waiting for the AI provider", 45},
	StageBuildingModel:   {"Building the process model", 80},
	StageCompleted:       {CompletedText, 100},
}

// Analysis is one uploaded file and everything derived from it.
type Analysis struct {
	ID               string `gorm:"primaryKey"`
	AccountID        string
	UserID           string
	AnalyzerType     string
	Status           string
	Stage            string
	CurrentStage     string
	Progress         int
	Attempt          int
	OriginalFilename string
	ContentType      string
	SizeBytes        int64
	BlobKey          string
	ProcessName      string
	ProcessPurpose   string
	FormattedText    string
	ModelJSON        string `gorm:"column:model_json"`
	BPMNXML          string `gorm:"column:bpmn_xml"`
	GraphStatus      string
	MetadataJSON     string `gorm:"column:metadata_json"`
	InputTokens      int
	OutputTokens     int
	TotalTokens      int
	Detail           string
	StagesLog        string
	IsDemo           bool
	// Version is the number of the latest version of the process model
	// (1 as generated; each edit, refinement or restore adds one).
	Version int `gorm:"default:1"`
	// SourceText is the text extracted from the document (empty for
	// images and BPMN files).
	SourceText  string `gorm:"column:source_text"`
	CreatedAt   time.Time
	UpdatedAt   time.Time
	CompletedAt *time.Time
}

// TableName is the gorm table.
func (Analysis) TableName() string { return "analyses" }

// Finished reports whether the analysis will not change without a reprocess.
func (a *Analysis) Finished() bool {
	return a.Status == StatusFailed || (a.Status == StatusCompleted && a.GraphStatus != GraphPending && a.GraphStatus != GraphBuilding)
}

// Metadata is the analysis metadata JSON.
type Metadata struct {
	Model                string         `json:"model,omitempty"`
	ModelName            string         `json:"model_name,omitempty"`
	APIKeySource         string         `json:"api_key_source,omitempty"`
	Usage                *Usage         `json:"usage,omitempty"`
	Format               string         `json:"format,omitempty"`
	Pages                int            `json:"pages,omitempty"`
	Speakers             []string       `json:"speakers,omitempty"`
	WorkMinutes          float64        `json:"work_time_minutes,omitempty"`
	WaitMinutes          float64        `json:"wait_time_minutes,omitempty"`
	ElementInventoryData map[string]any `json:"element_inventory_data,omitempty"`
	ProcessComplexity    map[string]any `json:"process_complexity_data,omitempty"`
	Quality              any            `json:"quality,omitempty"`
	// Warnings are the logic warnings of the model (a negative outcome
	// that reaches a positive completion, a message that may never come,
	// a decision with one way out, a step that cannot reach an end or
	// that no start reaches), whatever made it; the formatted text lists
	// them too.
	Warnings []LogicWarning `json:"warnings,omitempty"`
	Extra    map[string]any `json:"extra,omitempty"`
}

// LogicWarning is one logic warning about a model.
type LogicWarning struct {
	// Rule is the check that found it (a lint rule name), Title what it
	// is about.
	Rule  string `json:"rule"`
	Title string `json:"title"`
	// Message says what is wrong, naming the elements involved.
	Message string `json:"message"`
	// ElementID is the element's id in the BPMN diagram, Element its name.
	ElementID string `json:"element_id,omitempty"`
	Element   string `json:"element,omitempty"`
}

// Usage is token usage.
type Usage struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
	TotalTokens  int `json:"total_tokens"`
}

// ParseMetadata decodes MetadataJSON; a broken value yields empty metadata.
func (a *Analysis) ParseMetadata() Metadata {
	var m Metadata
	_ = json.Unmarshal([]byte(a.MetadataJSON), &m)
	return m
}

// View is the analysis as the API returns it.
type View struct {
	ID               string      `json:"id"`
	Timestamp        time.Time   `json:"timestamp"`
	Status           string      `json:"status" enum:"queued,running,completed,failed"`
	Stage            string      `json:"stage"`
	CurrentStage     string      `json:"current_stage"`
	Progress         int         `json:"progress" doc:"0 to 100"`
	ProcessName      string      `json:"process_name"`
	ProcessPurpose   string      `json:"process_purpose"`
	OriginalFilename string      `json:"original_filename"`
	FormattedText    string      `json:"formatted_text"`
	InputTokens      int         `json:"input_tokens"`
	OutputTokens     int         `json:"output_tokens"`
	TotalTokens      int         `json:"total_tokens"`
	AnalyzerType     string      `json:"analyzer_type" enum:"document,image,bpmn"`
	Metadata         Metadata    `json:"metadata"`
	Graph            GraphView   `json:"graph"`
	Detail           string      `json:"detail,omitempty"`
	Stages           []StageMark `json:"stages"`
	UpdatedAt        time.Time   `json:"updated_at"`
	CompletedAt      *time.Time  `json:"completed_at,omitempty"`
	// Version is the latest version of the process model; Edited says a
	// person changed it after the analysis (Version > 1).
	Version int  `json:"version"`
	Edited  bool `json:"edited"`
}

// GraphView is the graph part of View.
type GraphView struct {
	Status string `json:"status" enum:"pending,building,completed,failed,none"`
}

// ToView renders the API shape.
func (a *Analysis) ToView() View {
	return View{
		ID: a.ID, Timestamp: a.CreatedAt, Status: a.Status, Stage: a.Stage,
		CurrentStage: a.CurrentStage, Progress: a.Progress, ProcessName: a.ProcessName,
		ProcessPurpose: a.ProcessPurpose, OriginalFilename: a.OriginalFilename,
		FormattedText: a.FormattedText, InputTokens: a.InputTokens, OutputTokens: a.OutputTokens,
		TotalTokens: a.TotalTokens, AnalyzerType: a.AnalyzerType, Metadata: a.ParseMetadata(),
		Graph: GraphView{Status: a.GraphStatus}, Detail: a.Detail, Stages: a.ParseStages(), UpdatedAt: a.UpdatedAt,
		CompletedAt: a.CompletedAt, Version: max(a.Version, 1), Edited: a.Version > 1,
	}
}

// ListItem is an entry of GET /api/recent.
type ListItem struct {
	ID               string    `json:"id"`
	Timestamp        time.Time `json:"timestamp"`
	Status           string    `json:"status" enum:"queued,running,completed,failed"`
	ProcessName      string    `json:"process_name"`
	ProcessPurpose   string    `json:"process_purpose"`
	OriginalFilename string    `json:"original_filename"`
	InputTokens      int       `json:"input_tokens"`
	OutputTokens     int       `json:"output_tokens"`
	TotalTokens      int       `json:"total_tokens"`
	AnalyzerType     string    `json:"analyzer_type" enum:"document,image,bpmn"`
	Graph            GraphView `json:"graph"`
}

// StageMark is one entry of the stage history: which stage started when.
type StageMark struct {
	Stage string    `json:"stage"`
	At    time.Time `json:"at"`
}

// ParseStages decodes StagesLog ("stage@time" lines).
func (a *Analysis) ParseStages() []StageMark {
	marks := []StageMark{}
	for _, line := range strings.Split(a.StagesLog, "\n") {
		stage, at, ok := strings.Cut(line, "@")
		if !ok {
			continue
		}
		t, _ := time.Parse(time.RFC3339Nano, at)
		marks = append(marks, StageMark{Stage: stage, At: t})
	}
	return marks
}
