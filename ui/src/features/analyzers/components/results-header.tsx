/** Props of ResultsHeader. */
export interface ResultsHeaderProps {
  mobile: boolean;
  onNew: () => void;
  onDelete: () => void;
}

/** 'Analysis Results' (Back on mobile), New Analysis and Delete. */
export function ResultsHeader({ mobile, onNew, onDelete }: ResultsHeaderProps) {
  return (
    <div className="az-results-head">
      {mobile ? (
        <button type="button" className="btn btn-secondary" onClick={onNew}>
          ← Back
        </button>
      ) : (
        <h2>Analysis Results</h2>
      )}
      <div className="az-results-actions">
        <button type="button" className="btn btn-secondary" onClick={onNew}>
          New Analysis
        </button>
        <button type="button" className="btn btn-danger" onClick={onDelete}>
          Delete
        </button>
      </div>
    </div>
  );
}
