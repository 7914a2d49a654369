import { Icon } from './icons';

/**
 * The zoom controls of the viewer's and the editor's bars, the same in
 * both and at every width: magnifier icon buttons named by aria-label,
 * with the name (and the keys that do the same) as a tooltip.
 */
export function ZoomButtons({ onZoomIn, onZoomOut, disabled, keys }: { onZoomIn: () => void; onZoomOut: () => void; disabled: boolean; keys?: { zoomIn: string; zoomOut: string } }) {
  return (
    <>
      <button type="button" className="btn btn-small bpmn-icon-btn" onClick={onZoomIn} disabled={disabled} aria-label="Zoom In" title={keys ? `Zoom In (${keys.zoomIn})` : 'Zoom In'}>
        <Icon name="zoomIn" size={18} />
      </button>
      <button type="button" className="btn btn-small bpmn-icon-btn" onClick={onZoomOut} disabled={disabled} aria-label="Zoom Out" title={keys ? `Zoom Out (${keys.zoomOut})` : 'Zoom Out'}>
        <Icon name="zoomOut" size={18} />
      </button>
    </>
  );
}
