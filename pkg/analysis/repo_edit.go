package analysis

import (
	"context"
	"fmt"
)

// GetForEdit is Get without the stored diagram (bpmn_xml) and the
// document text: what a refinement or a restore reads of the analysis
// row (its model, version and status). The diagram of a model of 100,000
// elements is tens of MB, which each such request held for nothing.
func (r *Repo) GetForEdit(ctx context.Context, accountID, id string) (*Analysis, error) {
	return takeOwned(r.db.WithContext(ctx).Omit("source_text", "bpmn_xml"), accountID, id)
}

// GetDiagram reads only what GET /api/bpmn/{id} answers from: the stored
// diagram and the analyzer type. Ten clients fetching a 15 MB diagram
// each held the whole row (model, text, metadata) beside it.
func (r *Repo) GetDiagram(ctx context.Context, accountID, id string) (*Analysis, error) {
	return takeOwned(r.db.WithContext(ctx).Select("id", "account_id", "analyzer_type", "bpmn_xml"), accountID, id)
}

// DiagramSize is the length of the stored diagram of analysis id, read
// without the diagram, so that a large answer can wait for its turn
// before the api holds it.
func (r *Repo) DiagramSize(ctx context.Context, accountID, id string) (int64, error) {
	var n []int64
	err := r.db.WithContext(ctx).Model(&Analysis{}).Where("id = ? AND account_id = ?", id, accountID).
		Pluck("COALESCE(LENGTH(bpmn_xml), 0)", &n).Error
	if err != nil {
		return 0, fmt.Errorf("diagram size: %w", err)
	}
	if len(n) == 0 {
		return 0, ErrNotFound
	}
	return n[0], nil
}
