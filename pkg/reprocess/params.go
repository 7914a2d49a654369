package reprocess

import (
	"fmt"
	"strings"
	"time"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/failure"
)

// Stages a run can redo.
const (
	StageAnalysis = "analysis"
	StageGraph    = "graph"
)

// Params select the analyses of a run and pace it.
type Params struct {
	Stage    string     `json:"stage" enum:"analysis,graph"`
	Analyzer string     `json:"analyzer,omitempty" enum:"document,image,bpmn"`
	Since    *time.Time `json:"since,omitempty"`
	Until    *time.Time `json:"until,omitempty"`
	Account  string     `json:"account,omitempty"`
	// Model selects analyses made with this model (metadata.model).
	Model string `json:"model,omitempty"`
	// Rate is tasks per second released to the workers (0 = no pacing);
	// it keeps a batch under the LLM provider's rate limit.
	Rate   float64 `json:"rate,omitempty"`
	DryRun bool    `json:"dry_run,omitempty"`
	// IncludeEdited also reprocesses analyses a person edited or refined
	// (version > 1), replacing their edits; without it they are skipped.
	IncludeEdited bool `json:"include_edited,omitempty"`
}

// Validate checks the parameters and explains what is wrong.
func (p *Params) Validate() error {
	switch p.Stage {
	case StageAnalysis, StageGraph:
	default:
		return failure.Permanent(fmt.Sprintf("Unknown stage %q: use analysis or graph.", p.Stage), nil)
	}
	switch p.Analyzer {
	case "", analysis.TypeDocument, analysis.TypeImage, analysis.TypeBPMN:
	default:
		return failure.Permanent(fmt.Sprintf("Unknown analyzer %q: use document, image or bpmn.", p.Analyzer), nil)
	}
	if p.Since != nil && p.Until != nil && !p.Until.After(*p.Since) {
		return failure.Permanent("The end date must be after the start date.", nil)
	}
	if p.Rate < 0 || p.Rate > 10000 {
		return failure.Permanent("The rate must be between 0 (no limit) and 10000 tasks per second.", nil)
	}
	return nil
}

// ParseDate reads YYYY-MM-DD or RFC 3339 (UTC when no zone is given).
func ParseDate(s string) (time.Time, error) {
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, strings.TrimSpace(s), time.UTC); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, failure.Permanent(fmt.Sprintf("Cannot read the date %q: use YYYY-MM-DD or an RFC 3339 time.", s), nil)
}

// ParseRate reads "N", "N/s", "N/m" or "N/h" into tasks per second.
func ParseRate(s string) (float64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	num, unit, _ := strings.Cut(s, "/")
	var n float64
	if _, err := fmt.Sscanf(num, "%g", &n); err != nil || n < 0 {
		return 0, failure.Permanent(fmt.Sprintf("Cannot read the rate %q: use N/s, N/m or N/h.", s), nil)
	}
	switch unit {
	case "", "s":
	case "m", "min":
		n /= 60
	case "h":
		n /= 3600
	default:
		return 0, failure.Permanent(fmt.Sprintf("Cannot read the rate %q: use N/s, N/m or N/h.", s), nil)
	}
	return n, nil
}

// Request is a run's parameters as a person writes them: the body of
// POST /api/ops/reprocess and the flags of `spade reprocess`, so that both
// read dates, rates and names the same way.
type Request struct {
	Stage    string `json:"stage" required:"true" enum:"analysis,graph"`
	Analyzer string `json:"analyzer" enum:",document,image,bpmn"`
	Since    string `json:"since" doc:"YYYY-MM-DD or RFC 3339"`
	Until    string `json:"until" doc:"YYYY-MM-DD or RFC 3339"`
	Account  string `json:"account"`
	Model    string `json:"model"`
	// Rate is "N/s", "N/m", "N/h" or a number of tasks per second.
	Rate   string `json:"rate"`
	DryRun bool   `json:"dry_run"`
	// IncludeEdited also replaces analyses a person edited.
	IncludeEdited bool `json:"include_edited"`
}

// ParseParams converts a request into validated run parameters; its
// errors carry a detail a person can act on (failure.Detail).
func ParseParams(r Request) (Params, error) {
	p := Params{Stage: r.Stage, Analyzer: r.Analyzer, Account: strings.TrimSpace(r.Account),
		Model: strings.TrimSpace(r.Model), DryRun: r.DryRun, IncludeEdited: r.IncludeEdited}
	var err error
	if p.Rate, err = ParseRate(r.Rate); err != nil {
		return p, err
	}
	if r.Since != "" {
		t, err := ParseDate(r.Since)
		if err != nil {
			return p, err
		}
		p.Since = &t
	}
	if r.Until != "" {
		t, err := ParseDate(r.Until)
		if err != nil {
			return p, err
		}
		p.Until = &t
	}
	return p, p.Validate()
}
