/** File name of a new blank diagram, as the Recent list and exports show it. */
export const BLANK_DIAGRAM_FILENAME = 'new-diagram.bpmn';

/**
 * A new diagram: one process with one start event, drawn (with diagram
 * interchange, so SPADE keeps the drawing instead of laying it out). A
 * diagram without any element could not be saved as a version; one start
 * event is what bpmn.io's "new diagram" opens with too.
 */
export function blankDiagramXml(processName = 'New process'): string {
  const name = processName.replace(/[<>&"]/g, ' ').trim() || 'New process';
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="Process_1" name="${name}" isExecutable="false">
    <bpmn:startEvent id="StartEvent_1" name="Start" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="Process_1">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

/** The blank diagram as a file for the BPMN upload, so it becomes an analysis with version 1. */
export function blankDiagramFile(): File {
  return new File([blankDiagramXml()], BLANK_DIAGRAM_FILENAME, { type: 'application/xml' });
}
