package quality

// Score categories. Weights add up to 100, so category totals are points
// of the overall score.
const (
	CatCorrectness = "correctness"
	CatClarity     = "clarity"
	CatStructure   = "structure"
	CatLayout      = "layout"
)

type categoryDef struct {
	key, title string
	weight     int
}

var categories = []categoryDef{
	{CatCorrectness, "Correctness", 40},
	{CatClarity, "Clarity and Labels", 25},
	{CatStructure, "Structure and Modularity", 20},
	{CatLayout, "Layout", 15},
}

// ruleInfo says what a rule's findings mean for people and for the score.
type ruleInfo struct {
	title, category string
	// perError and perWarn are the points one finding deducts; cap limits
	// what one rule can deduct, so a single habit does not zero a category.
	perError, perWarn, cap          float64
	problem, recommendation, visual string
}

// catalog covers every rule of lint.Recommended; rules missing here fall
// back to genericRule, so a new rule never breaks the report.
var catalog = map[string]ruleInfo{
	"start-event-required": {"Missing start event", CatCorrectness, 5, 2, 15,
		"A process or sub-process has no start event, so readers cannot tell where it begins.",
		"Add a start event (blank, or typed with its trigger) and connect it to the first activity.",
		"Place the start event at the far left of the process or sub-process."},
	"end-event-required": {"Missing end event", CatCorrectness, 5, 2, 15,
		"A process or sub-process has no end event, so readers cannot tell when it is finished.",
		"Add an end event named after the outcome reached and connect the last activities to it.",
		"Place end events at the far right, one per distinct outcome."},
	"no-disconnected": {"Disconnected elements", CatCorrectness, 5, 2, 20,
		"Elements have no sequence flow in or out; they never take part in the process.",
		"Connect each element into the flow, or delete it if it is a leftover.",
		"Draw the missing sequence flows so every shape is on a path from start to end."},
	"no-implicit-start": {"Implicit start", CatCorrectness, 4, 2, 16,
		"Elements have no incoming flow and so start the process on their own, beside the start event.",
		"Connect them from the preceding step, or begin the path with an explicit start event.",
		"Every path should be traceable back to a start event."},
	"no-implicit-end": {"Implicit end", CatCorrectness, 4, 2, 16,
		"Elements have no outgoing flow and so end the process silently.",
		"Connect them to the next step or to an end event that names the outcome.",
		"Every path should visibly finish in an end event."},
	"conditional-flows": {"Flows without conditions", CatCorrectness, 4, 2, 16,
		"A conditional split has outgoing flows without a condition, so they are always taken.",
		"Give each outgoing flow a condition, or mark one as the default flow.",
		"Label each branch with its condition; draw the default flow with a slash marker."},
	"no-duplicate-sequence-flows": {"Duplicate sequence flows", CatCorrectness, 4, 2, 12,
		"The same source and target are connected twice with the same condition.",
		"Delete the duplicate flow.",
		"Duplicates often lie exactly on top of each other; move one to find it."},
	"single-blank-start-event": {"Several blank start events", CatCorrectness, 4, 2, 8,
		"A process or sub-process has more than one untyped start event; they cannot be told apart.",
		"Keep one blank start event, or give the others their trigger (message, timer, …).",
		"Show each trigger with its event marker."},
	"single-event-definition": {"Events with several triggers", CatCorrectness, 3, 2, 9,
		"Events carry more than one event definition, which most tools and readers misinterpret.",
		"Split them into separate events, one trigger each.",
		"Use one marker per event."},
	"event-based-gateway": {"Misused event-based gateway", CatCorrectness, 4, 2, 12,
		"An event-based gateway has fewer than two outgoing flows or conditional flows.",
		"Follow the gateway with at least two catching events or receive tasks and remove the conditions.",
		"Draw the racing events directly after the gateway."},
	"sub-process-blank-start-event": {"Typed start event in a sub-process", CatCorrectness, 4, 2, 12,
		"A sub-process start event has a trigger, but sub-processes start when the flow reaches them.",
		"Make the start event blank, or turn the sub-process into an event sub-process.",
		"Use a plain circle for sub-process start events."},
	"event-sub-process-typed-start-event": {"Untyped start of an event sub-process", CatCorrectness, 4, 2, 12,
		"An event sub-process starts with a blank event, so nothing says what triggers it.",
		"Give the start event its trigger (message, error, timer, …).",
		"Show the trigger marker on the dotted event sub-process's start event."},
	"ad-hoc-sub-process": {"Events in an ad-hoc sub-process", CatCorrectness, 4, 2, 12,
		"Start or end events appear in an ad-hoc sub-process, whose activities run in any order.",
		"Remove the start and end events from the ad-hoc sub-process.",
		"Keep only activities inside the ad-hoc (~) sub-process."},
	"link-event": {"Unmatched link events", CatCorrectness, 3, 2, 9,
		"Link events are unnamed, unmatched or caught twice in the same scope.",
		"Give each throwing link a catching counterpart with the same link name.",
		"Name link pairs identically (e.g. 'A' and 'A') so readers can jump between them."},
	"superfluous-termination": {"Superfluous terminate end", CatCorrectness, 2, 1, 4,
		"A terminate end event is used where no other path can still be running.",
		"Use a plain end event.",
		"Reserve the bold terminate marker for ends that must stop parallel work."},
	"no-unresolved-reference": {"Broken references", CatCorrectness, 3, 1, 9,
		"References point to ids that are not in the file; modellers drop them on import.",
		"Re-link the referencing elements in your modeller, or remove the dangling references.",
		"Check that the referenced messages, flows and elements exist in the diagram."},

	// The logic rules (lint.Logic): warnings about what the model does.
	// Any of them also keeps the score below Excellent (see score).
	"no-negative-to-positive": {"Negative outcome reaches a positive completion", CatCorrectness, 5, 5, 15,
		"A rejected, declined, cancelled or failed case leads on to a step that pays, approves, issues or ships: the negative branch merges back into the main path instead of ending or going back to an earlier step.",
		"End the negative branch with its own end event ('Claim rejected'), or route it back to the step it returns to (a rework loop back to the review); if the text says where it returns, name that step so the model says it too.",
		"Draw each negative outcome's branch to its own end event below the main path."},
	"no-message-deadlock": {"Message exchange that can deadlock", CatCorrectness, 5, 5, 15,
		"A pool waits for a message that is sent on some branches only (or never), or two pools each wait for the other's message before sending their own, so the process can wait for ever.",
		"Wait with an event-based gateway for every message that can come (and a timer for none), send a message on every branch the other pool waits on, or let one side send first.",
		"Draw the message flows from each sending step to the waiting event, one per branch that sends."},
	"no-single-way-decision": {"Decisions with one way out", CatCorrectness, 3, 3, 9,
		"A decision offers a single way out (or all its branches lead to the same step), so the other answer to its question has nowhere to go.",
		"Add the branch for the other answer (often to an end event), or remove the gateway if nothing is decided.",
		"Label each branch of the decision with its answer."},
	"no-dead-end": {"Steps that cannot reach an end", CatCorrectness, 2, 2, 8,
		"From these steps every path runs into a loop that never exits, so a case that gets there never finishes.",
		"Give the loop a way out: a decision with a branch to the next step or an end event.",
		"Make the loop's exit visible: a gateway on the loop with a labelled branch out."},
	"no-unreachable-node": {"Steps no start reaches", CatCorrectness, 2, 2, 8,
		"These steps have incoming flows, but only from a loop that nothing enters, so they never run.",
		"Connect the loop from the step before it, or delete the steps if they are leftovers.",
		"Every path should be traceable back to a start event."},

	"label-required": {"Missing labels", CatClarity, 2, 1, 15,
		"Activities, events, deciding gateways, conditional flows, pools or lanes have no name.",
		"Name activities verb-object ('Check invoice'), events by their state ('Invoice received'), gateways as a question ('Invoice approved?'), and label conditional flows with their answer.",
		"Place labels inside tasks and below events and gateways."},
	"global": {"Unused or ambiguous global elements", CatClarity, 1, 0.5, 5,
		"Messages, signals, errors or escalations are unused, unnamed or share a name.",
		"Name each global element uniquely and delete the ones nothing refers to.",
		"Global elements are not drawn; review them in the modeller's properties panel."},
	"superfluous-label": {"Misleading flow labels", CatClarity, 1, 0.5, 5,
		"Plain sequence flows carry labels that read like conditions.",
		"Remove the labels, or route the flow through a gateway whose branches they name.",
		"Label only the branches of deciding gateways."},

	"fake-join": {"Implicit joins", CatStructure, 1, 1, 6,
		"Several flows enter an activity or event directly, which does not wait for them and may run it twice.",
		"Join the flows with a gateway (exclusive when one arrives, parallel when all must).",
		"Draw a join gateway just before the element and route the incoming flows into it."},
	"no-implicit-split": {"Implicit splits", CatStructure, 2, 1, 6,
		"An activity or event has several unconditional outgoing flows, a hidden parallel split.",
		"Model the split with a parallel or exclusive gateway.",
		"Draw a gateway after the element and fan the branches out from it."},
	"superfluous-gateway": {"Superfluous gateways", CatStructure, 1, 1, 4,
		"A gateway has one incoming and one outgoing flow and decides nothing.",
		"Remove the gateway and connect its neighbours directly.",
		"Fewer symbols make the path easier to follow."},
	"no-gateway-join-fork": {"Gateways that join and fork", CatStructure, 2, 1, 6,
		"A gateway both merges and splits the flow, hiding two decisions in one symbol.",
		"Use one gateway to join and a second one to split.",
		"Place the join gateway directly before the split gateway."},
	"no-complex-gateway": {"Complex gateways", CatStructure, 2, 1, 4,
		"Complex gateways carry rules that few readers or engines understand.",
		"Express the rule with exclusive or parallel gateways and conditions.",
		"Replace the asterisk gateway with standard gateways."},
	"no-inclusive-gateway": {"Inclusive gateways", CatStructure, 1, 1, 3,
		"Inclusive (OR) gateways make readers work out which branches run together.",
		"Prefer exclusive or parallel gateways where the logic allows it; keep conditions explicit.",
		"If kept, label every branch with its condition and join with an inclusive gateway."},

	"no-bpmndi": {"Elements missing from the diagram", CatLayout, 1, 1, 10,
		"Elements exist in the model but have no shape or edge, so most tools do not show them.",
		"Open the model in a modeller, place the missing elements and save again.",
		"Make sure every task, event, gateway and flow has a shape or edge in the diagram."},
	"no-overlapping-elements": {"Overlapping shapes", CatLayout, 1, 1, 8,
		"Shapes overlap each other or stick out of their pool or sub-process.",
		"Move the shapes apart and keep them inside their container.",
		"Leave at least 20 px between shapes; grow the pool or sub-process to fit its content."},
}

func infoFor(rule string) ruleInfo {
	if i, ok := catalog[rule]; ok {
		return i
	}
	return ruleInfo{title: "Rule " + rule, category: CatCorrectness, perError: 2, perWarn: 1, cap: 6,
		problem:        "The model breaks the " + rule + " rule.",
		recommendation: "Fix the listed elements as the rule describes.",
		visual:         "Highlight the listed elements in the diagram."}
}
