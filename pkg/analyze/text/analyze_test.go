package text

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/spade-bpmn/spade/pkg/process"
)

func analyze(t *testing.T, text string) process.Model {
	t.Helper()
	m := Analyze(context.Background(), text, "test.txt")
	if ps := m.Validate(); len(ps) > 0 {
		t.Fatalf("invalid model: %v", ps)
	}
	return m
}

func activity(m process.Model, name string) (process.Activity, bool) {
	for _, a := range m.Activities {
		if strings.EqualFold(a.Name, name) {
			return a, true
		}
	}
	return process.Activity{}, false
}

func names(m process.Model) []string {
	var out []string
	for _, a := range m.Activities {
		out = append(out, a.Name+" ("+a.Performer+")")
	}
	return out
}

func TestSentencesToActivities(t *testing.T) {
	tests := []struct {
		text      string
		name      string
		performer string
	}{
		{"The clerk checks the invoice.", "Check invoice", "Clerk"},
		{"The accounts payable team approves the purchase order.", "Approve purchase order", "Accounts Payable Team"},
		{"Check the invoice.", "Check invoice", process.DefaultPerformer},
		{"The invoice is checked by the clerk.", "Check invoice", "Clerk"},
		{"The order is shipped.", "Ship order", process.DefaultPerformer},
		{"Users should review the metadata.", "Review metadata", "Users"},
		{"The manager must sign the contract.", "Sign contract", "Manager"},
		{"The underwriter binds cover.", "Bind cover", "Underwriter"},                                                 // a verb that is mostly a noun, before a bare noun
		{"The clerk checks the part. Purchasing additionally informs the supplier.", "Inform supplier", "Purchasing"}, // an adverb is no part of the performer
		{"The clerk opens the file. Accountant send payment reminder.", "Send payment reminder", "Accountant"},        // plain English without article and agreement
		{"Teacher give pupil new book.", "Give pupil new book", "Teacher"},
		{"The receiving clerk types in the order number.", "Type in order number", "Receiving Clerk"}, // a verb that is mostly a noun, with its particle
		{"- Verification of GNSS operation prior to flight", "Verify GNSS operation", process.DefaultPerformer},
		{"- Confirming spatial coverage of products", "Confirm spatial coverage of products", process.DefaultPerformer},
		{"The HR department sends the offer letter to the candidate.", "Send offer letter", "HR Department"},
		{"The warehouse worker picks the goods and packs them.", "Pick goods", "Warehouse Worker"},
		{"Power on the controller.", "Power on controller", process.DefaultPerformer},
		{"The form must be signed by the manager.", "Sign form", "Manager"},
		{"- Immediate post-flight confirmation that expected raw data files were recorded", "Confirm expected raw data files were recorded", process.DefaultPerformer},
		{"- Consistency checks between surfaces and optical products", "Check consistency between surfaces and optical products", process.DefaultPerformer},
		// open-class verbs and any noun phrase as performer
		{"The storehouse checks the part list.", "Check part list", "Storehouse"},
		{"The GO requests the measurements.", "Request measurements", "GO"},
		{"The MPOO denies the request.", "Deny request", "MPOO"},
		{"The technician dismounts the sensor.", "Dismount sensor", "Technician"},
		{"The travel agency proposes flights and hotels.", "Propose flights and hotels", "Travel Agency"},
		// coordination, relative clauses, plural subjects
		{"The warehouse picks and packs the goods.", "Pack goods", "Warehouse"},
		{"The librarian, who checks the card, scans the book.", "Check card", "Librarian"},
		{"The librarian, who checks the card, scans the book.", "Scan book", "Librarian"},
		{"Developers implement the user stories.", "Implement user stories", "Developers"},
		{"The agent applies the documented workaround.", "Apply documented workaround", "Agent"},
		{"The post is advertised, applicants apply, and the applications are checked by the HR assistant.", "Check applications", "HR Assistant"},
		{"The post is advertised, applicants apply, and the applications are checked by the HR assistant.", "Apply", "Applicants"},
		{"The head of department selects the candidate.", "Select candidate", "Head of Department"},
		{"The clerk checks the file. The selected applicant is sent an offer.", "Send offer", "Clerk"},
		{"The manager makes an offer. If no answer arrives within two weeks, the manager calls the candidate.", "Call candidate", "Manager"},
		{"The controller reviews the trial balance.", "Review trial balance", "Controller"},
		{"For each batch, the inspector takes five samples.", "Take five samples", "Inspector"},
		{"If the deployment fails, operations rolls back the change.", "Roll back change", "Operations"},
		{"The handler rejects the claim and a rejection letter is sent to the customer.", "Send rejection letter", "Handler"},
		{"The agent forwards the complaint to the quality team, which analyses the product.", "Analyse product", "Quality Team"},
		{"The agent checks the ticket. She then forwards the ticket to the team.", "Forward ticket", "Agent"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			m := analyze(t, tt.text)
			a, ok := activity(m, tt.name)
			if !ok {
				t.Fatalf("no activity %q in %v", tt.name, names(m))
			}
			if a.Performer != tt.performer {
				t.Errorf("performer %q, want %q", a.Performer, tt.performer)
			}
			if a.Source == "" {
				t.Error("no source sentence")
			}
		})
	}
}

func TestListOfNounsIsOneActivity(t *testing.T) {
	m := analyze(t, "- Reviewing metadata for spatial resolution, coordinate reference system, and processing version")
	if got := names(m); len(got) != 1 || got[0] != "Review metadata for spatial resolution ("+process.DefaultPerformer+")" {
		t.Errorf("activities %v", got)
	}
	m = analyze(t, "Check the invoice, record the amount, and file the receipt.")
	if got := names(m); len(got) != 3 {
		t.Errorf("a series of actions: %v", got)
	}
}

func TestNoActivitiesFromDescriptions(t *testing.T) {
	for _, text := range []string{
		"This page outlines the quality control checks applied to data products.",
		"Standard operations follow documented platform-specific SOPs.",
		"Not all products are delivered with formal error estimates.",
	} {
		m := analyze(t, text)
		if len(m.Activities) != 1 || m.Activities[0].Name != "No process steps found" || !strings.HasPrefix(m.ProcessPurpose, "No process steps found") {
			t.Errorf("%q: want the honest no-steps model, got %v (%s)", text, names(m), m.ProcessPurpose)
		}
	}
}

const invoiceText = `Invoice Approval Process

The accounts payable clerk receives the invoice from the supplier by email. The clerk checks the invoice in SAP, which takes about 15 minutes. If the invoice is correct, the manager approves it within 2 business days. Otherwise, the clerk returns the invoice to the supplier. Meanwhile, the assistant updates the Excel tracker. Finally the finance team pays the invoice.
`

func TestInvoiceProcess(t *testing.T) {
	m := analyze(t, invoiceText)
	if m.ProcessName != "Invoice Approval Process" {
		t.Errorf("name %q", m.ProcessName)
	}
	want := []string{"Receive invoice (Accounts Payable Clerk)", "Check invoice (Accounts Payable Clerk)", "Approve invoice (Manager)",
		"Return invoice (Accounts Payable Clerk)", "Update Excel tracker (Assistant)", "Pay invoice (Finance Team)"}
	if got := names(m); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("activities\n got %v\nwant %v", got, want)
	}
	check, _ := activity(m, "Check invoice")
	if check.WorkMinutes != 15 || check.WaitMinutes != 0 {
		t.Errorf("check times %v/%v", check.WorkMinutes, check.WaitMinutes)
	}
	if len(check.SIPOC.Systems) == 0 || check.SIPOC.Systems[0] != "SAP" {
		t.Errorf("check systems %v", check.SIPOC.Systems)
	}
	approve, _ := activity(m, "Approve invoice")
	if approve.WaitMinutes != 2*1440 {
		t.Errorf("approve wait %v", approve.WaitMinutes)
	}
	recv, _ := activity(m, "Receive invoice")
	if strings.Join(recv.SIPOC.Suppliers, ",") != "Supplier" || strings.Join(recv.SIPOC.Systems, ",") != "Email" {
		t.Errorf("receive SIPOC %+v", recv.SIPOC)
	}
	ret, _ := activity(m, "Return invoice")
	if !contains(ret.SIPOC.Customers, "Supplier") {
		t.Errorf("return customers %v", ret.SIPOC.Customers)
	}
	var xor, and int
	for _, g := range m.Gateways {
		switch g.Type {
		case process.GatewayExclusive:
			xor++
		case process.GatewayParallel:
			and++
		}
	}
	// one decision: the returned invoice goes back to the supplier for
	// good, so its branch ends and never reaches the payment (no join)
	if xor != 1 || and != 2 {
		t.Errorf("gateways %+v", m.Gateways)
	}
	conds := map[string]bool{}
	for _, f := range m.Flows {
		conds[f.Condition] = true
	}
	if !conds["Yes"] || !conds["No"] {
		t.Errorf("conditions %v", conds)
	}
	for _, p := range m.Participants {
		if p.Name == "Supplier" {
			t.Error("a supplier who performs nothing became a lane")
		}
	}
	table := process.SIPOCTable(&m)
	for col, vals := range map[string][]string{"suppliers": table.Suppliers, "inputs": table.Inputs, "outputs": table.Outputs, "customers": table.Customers, "systems": table.Systems} {
		if len(vals) == 0 {
			t.Errorf("SIPOC column %s empty", col)
		}
	}
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func TestDurations(t *testing.T) {
	tests := []struct {
		in         string
		work, wait float64
	}{
		{"It takes 2 hours.", 120, 0},
		{"This takes about 15 minutes.", 15, 0},
		{"The request waits up to 3 days.", 0, 3 * 1440},
		{"The manager replies within 2 business days.", 0, 2 * 1440},
		{"Drying takes 2-3 hours.", 150, 0},
		{"It takes half an hour.", 30, 0},
		{"Processing takes 1.5 h.", 90, 0},
		{"No time here.", 0, 0},
	}
	for _, tt := range tests {
		w, wt := durations(tt.in)
		if w != tt.work || wt != tt.wait {
			t.Errorf("%q: got %v/%v, want %v/%v", tt.in, w, wt, tt.work, tt.wait)
		}
	}
}

func TestWhetherGateway(t *testing.T) {
	m := analyze(t, "The buyer creates a purchase request. The manager decides whether the request is approved. If approved, the buyer orders the goods. Otherwise, the buyer informs the requester.")
	found := false
	for _, g := range m.Gateways {
		if g.Name == "Request approved?" && g.Performer == "Manager" {
			found = true
		}
	}
	if !found {
		t.Errorf("gateways %+v", m.Gateways)
	}
	if _, ok := activity(m, "Order goods"); !ok {
		t.Errorf("activities %v", names(m))
	}
}

func TestListSections(t *testing.T) {
	text := `Sample Handling SOP

Purpose
This procedure describes how laboratory technicians process incoming samples.

Table of Contents
1. Purpose ........ 1
2. Steps .......... 2

Revision History
1.0 01/02/2024 J. Smith Initial release

Inputs
- Sample tube
- Request form

Steps
1. Receive the sample at the front desk.
2. Label the sample tube.
3. Store the sample in the freezer.

Outputs
- Stored sample

Page 1 of 2
`
	m := analyze(t, text)
	if m.ProcessName != "Sample Handling SOP" {
		t.Errorf("name %q", m.ProcessName)
	}
	want := "Receive sample at front desk|Label sample tube|Store sample in freezer"
	var got []string
	for _, a := range m.Activities {
		got = append(got, a.Name)
	}
	if strings.Join(got, "|") != want {
		t.Errorf("activities %v", got)
	}
	if !contains(m.Activities[0].SIPOC.Inputs, "Sample tube") {
		t.Errorf("inputs %v", m.Activities[0].SIPOC.Inputs)
	}
	if !contains(m.Activities[2].SIPOC.Outputs, "Stored sample") {
		t.Errorf("outputs %v", m.Activities[2].SIPOC.Outputs)
	}
	if !strings.Contains(m.ProcessPurpose, "laboratory technicians") {
		t.Errorf("purpose %q", m.ProcessPurpose)
	}
}

func TestTranscript(t *testing.T) {
	text := `[00:00:01] Interviewer: Can you walk me through how you handle a new order?
[00:00:05] Maria: Sure. I receive the order by email and then I enter it in the ERP.
[00:00:20] Maria: It takes about 10 minutes per order.
[00:00:31] Tom: After that I pick the goods in the warehouse.
[00:00:40] Interviewer: And then?
[00:00:44] Tom: We ship the parcel to the customer.
`
	m := analyze(t, text)
	want := map[string]string{"Receive order": "Maria", "Enter order": "Maria", "Pick goods in warehouse": "Tom", "Ship parcel": "Tom"}
	for n, p := range want {
		a, ok := activity(m, n)
		if !ok {
			t.Errorf("missing %q in %v", n, names(m))
			continue
		}
		if a.Performer != p {
			t.Errorf("%s by %s, want %s", n, a.Performer, p)
		}
	}
	enter, _ := activity(m, "Enter order")
	if !contains(enter.SIPOC.Systems, "ERP") {
		t.Errorf("systems %v", enter.SIPOC.Systems)
	}
	ps := map[string]bool{}
	for _, p := range m.Participants {
		ps[p.Name] = true
	}
	if !ps["Maria"] || !ps["Tom"] {
		t.Errorf("participants %v", m.Participants)
	}
}

func TestActivityCap(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 200; i++ {
		b.WriteString("The clerk checks the invoice. ")
	}
	m := analyze(t, b.String())
	if len(m.Activities) > maxActivities {
		t.Errorf("%d activities", len(m.Activities))
	}
}

func FuzzAnalyzeText(f *testing.F) {
	for _, s := range []string{invoiceText, "If x, y. Otherwise z.", "Meanwhile, meanwhile.", "A: b\nC: d\nE: f", "1. \n- \n□", "whether whether if if", "The it is by the by.", "(((", "Check , , ,",
		"Step | Action | Responsible\n1 | Check it | Clerk\n|||\n", "Clerk: check\n(Manager)\nX (Y).",
		// shapes the general rules read: relative clauses, a condition
		// inside a coordination, cycles, parallel lists, questions
		"A student who wants to write a thesis first contacts a professor, which is sent to the office, where it is checked.",
		"The professor discusses it and, if they agree, registers it. The latter checks it. This continues until the office approves it.",
		"Two things happen at the same time: a, and b. Is it ok? If yes, go. If she declines, stop; if not , x.",
		"Responsible: \nThe General Ledger (GL) team exports (GL) it. Claims for parts older than two years are rejected. For all other claims, x.",
		// e-mail frames, rosters, outcome-named subjects, data rows
		"Hi all,\n\nThe clerk either accepts it or blocks it. A blocked item is scrapped; in that case nothing is sent.\n\nKind regards,\nX Y",
		"Attendees: A B (Clerk), Dr. C (Nurse)\nA: I check it.\nC: I sign it.\nInterviewer: ok?",
		"ID;Name\n1;2\n\nWord word\n\nA request the manager rejects is closed. Rejected requests get a letter."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.TrimSpace(s) == "" {
			return
		}
		// a bound, not a measurement: any input must finish in well under
		// it (inputs of fuzzing size take milliseconds), a runaway does not
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		m := Analyze(ctx, s, "")
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			t.Fatalf("runaway analysis of %q", s)
		}
		if ps := m.Validate(); len(ps) > 0 {
			t.Fatalf("invalid model for %q: %v", s, ps)
		}
		again := Analyze(context.Background(), s, "")
		if !reflect.DeepEqual(m, again) {
			t.Fatalf("not deterministic for %q", s)
		}
	})
}

func TestSOPConventions(t *testing.T) {
	text := `Field Procedure

This procedure is intended for trained field technicians working on site.

Preparation
1. Make sure the batteries are charged.
2. Consult the site manager before take-off.
3. Save the flight plan as a KML file.

the paragraph above was split by a page break and carries on here.
`
	m := analyze(t, text)
	for _, a := range m.Activities {
		if a.Performer != "Field Technicians" {
			t.Errorf("%s by %q, want the document's audience", a.Name, a.Performer)
		}
	}
	ensure, ok := activity(m, "Ensure batteries are charged")
	if !ok {
		t.Fatalf("activities %v", names(m))
	}
	if len(ensure.SIPOC.Outputs) != 0 || !contains(ensure.SIPOC.Inputs, "Batteries") {
		t.Errorf("ensure SIPOC %+v", ensure.SIPOC)
	}
	consult, _ := activity(m, "Consult site manager")
	if !contains(consult.SIPOC.Customers, "Site Manager") {
		t.Errorf("consult SIPOC %+v", consult.SIPOC)
	}
	save, _ := activity(m, "Save flight plan as KML file")
	if !contains(save.SIPOC.Inputs, "Flight plan") {
		t.Errorf("save SIPOC %+v", save.SIPOC)
	}
	blocks := segment(context.Background(), "First part of a sentence that\n\ncontinues after a page break.")
	if len(blocks) != 1 {
		t.Errorf("page break split the paragraph: %+v", blocks)
	}
}

func TestDiscoveryCall(t *testing.T) {
	text, err := os.ReadFile("testdata/discovery-call.txt")
	if err != nil {
		t.Fatal(err)
	}
	m := analyze(t, string(text))
	if m.ProcessName != "Discovery call – Purchase requests" {
		t.Errorf("name %q", m.ProcessName)
	}
	var cfo *process.Activity
	for i, a := range m.Activities {
		if a.Performer == "CFO" {
			cfo = &m.Activities[i]
		}
	}
	if cfo == nil || cfo.Name != "Approve request" || cfo.WaitMinutes != 3*1440 {
		t.Errorf("CFO approval: %+v in %v", cfo, names(m))
	}
	review, _ := activity(m, "Review request")
	if review.Performer != "Mark Lee" || review.WorkMinutes != 20 {
		t.Errorf("review %+v", review)
	}
	var decision *process.Gateway
	for i, g := range m.Gateways {
		if g.Name == "Budget available?" {
			decision = &m.Gateways[i]
		}
	}
	if decision == nil || decision.Performer == "" {
		t.Errorf("gateways %+v", m.Gateways)
	}
	ps := map[string]string{}
	for _, p := range m.Participants {
		ps[p.Name] = p.Description
	}
	// the interviewer took part, under the role the label gives
	// ("Jane Doe (Consultant)"): a person's name is no lane
	if _, ok := ps["Consultant"]; !ok {
		t.Errorf("the interviewer is a speaker too: %v", ps)
	}
	if _, ok := ps["Jane Doe"]; ok {
		t.Errorf("a speaker's name is a participant: %v", ps)
	}
	notify, _ := activity(m, "Notify Sarah")
	if !contains(notify.SIPOC.Customers, "Sarah Kim") {
		t.Errorf("notify customers %v", notify.SIPOC.Customers)
	}
	table := process.SIPOCTable(&m)
	if len(table.Suppliers) == 0 || len(table.Customers) == 0 || len(table.Systems) < 3 {
		t.Errorf("SIPOC %+v", table)
	}
}

func TestITSupport(t *testing.T) {
	text, err := os.ReadFile("testdata/it-support.txt")
	if err != nil {
		t.Fatal(err)
	}
	m := analyze(t, string(text))
	want := []string{"Create ticket (Support Agent)", "Solve issue (Support Agent)", "Escalate issue (Support Agent)",
		"Analyse problem (Second-level Team)", "Fix problem (Second-level Team)", "Inform customer (Support Agent)",
		"Verify solution with customer (Support Agent)", "Close ticket (Support Agent)"}
	if got := names(m); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("activities\n got %v\nwant %v", got, want)
	}
	esc, _ := activity(m, "Escalate issue")
	if esc.WaitMinutes != 0 || esc.WorkMinutes != 0 || !contains(esc.SIPOC.Customers, "Second-level Team") {
		t.Errorf("escalate %+v", esc)
	}
	// "Meanwhile" runs beside both actions of the sentence before it
	var split string
	for _, g := range m.Gateways {
		if g.Type == process.GatewayParallel {
			split = g.ID
			break
		}
	}
	targets := map[string]bool{}
	for _, f := range m.Flows {
		if f.Source == split {
			targets[f.Target] = true
		}
	}
	analyse, _ := activity(m, "Analyse problem")
	inform, _ := activity(m, "Inform customer")
	if !targets[analyse.ID] || !targets[inform.ID] {
		t.Errorf("parallel split %s goes to %v", split, targets)
	}
	if !strings.Contains(m.ProcessPurpose, "service desk") {
		t.Errorf("purpose %q", m.ProcessPurpose)
	}
}

func TestHeadingOrStep(t *testing.T) {
	tests := []struct {
		line    string
		heading bool
	}{
		{"Review Process", true},
		{"Sign contract", false},
		{"Power on controller", false},
		{"QUALITY CONTROL", true},
		{"Scope and intent", true},
		{"Inputs.", true},
		{"Remove lens cap.", false},
		{"The clerk checks the invoice.", false},
		{"Outline of steps.", true},
		{"Invoice approval procedure.", true},
		{"Expense claim process.", true},
		{"Follow the procedure.", false},
		{"Invoice the customer.", false},
	}
	for _, tt := range tests {
		if got := isHeadingText(tt.line); got != tt.heading {
			t.Errorf("isHeadingText(%q) = %v", tt.line, got)
		}
	}
}

// TestDocumentTitleIsNoTask: a document's title line with a full stop
// ("Invoice approval procedure.", whose first word is also a verb) is not
// a task of the process a person sees.
func TestDocumentTitleIsNoTask(t *testing.T) {
	m := analyze(t, strings.Join([]string{
		"Invoice approval procedure.",
		"The clerk receives the supplier invoice by email.",
		"The clerk enters the invoice in the ERP system.",
		"If the amount exceeds 1000 EUR, the manager approves the invoice.",
		"The accountant pays the invoice through the banking portal.",
		"The accountant archives the invoice.",
	}, "\n"))
	for _, a := range m.Activities {
		if strings.Contains(strings.ToLower(a.Name), "procedure") {
			t.Errorf("the title became task %q; tasks %v", a.Name, m.Activities)
		}
	}
	if len(m.Activities) < 4 {
		t.Errorf("%d tasks, want the 5 steps: %+v", len(m.Activities), m.Activities)
	}
}

func TestTriggers(t *testing.T) {
	m := analyze(t, "The ordering process starts when a customer submits an order. The clerk checks the order. The process ends when the goods are delivered.")
	var start, end process.Event
	for _, e := range m.Events {
		if e.Pool == "" && e.Type == process.EventStart {
			start = e
		}
		if e.Pool == "" && e.Type == process.EventEnd {
			end = e
		}
	}
	// the customer is a pool of its own: its order is the message that
	// starts the process
	if start.Name != "Order submitted" || start.Trigger != process.TriggerMessage || end.Name != "Goods delivered" {
		t.Errorf("events %+v", m.Events)
	}
	if _, ok := activity(m, "Submit order"); !ok {
		t.Errorf("the trigger is a step too: %v", names(m))
	}
}

func TestRoleLabels(t *testing.T) {
	m := analyze(t, "1. Sales Rep: Enter the order in the CRM.\n2. Approve the discount (Sales Manager).\n3. Ship the goods.")
	want := []string{"Enter order (Sales Rep)", "Approve discount (Sales Manager)", "Ship goods (Sales Manager)"}
	if got := names(m); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("activities %v", got)
	}
}

func TestProcedureTable(t *testing.T) {
	text := `Onboarding Procedure

Step | Action | Responsible | Duration
1 | Send the contract to the new hire | HR Officer | 30 minutes
2 | Create the user account in Active Directory | IT Support | 1 hour
3 | Welcome meeting | Line Manager |
`
	m := analyze(t, text)
	want := []string{"Send contract (HR Officer)", "Create user account in Active Directory (IT Support)", "Welcome meeting (Line Manager)"}
	if got := names(m); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("activities %v", got)
	}
	create, _ := activity(m, "Create user account in Active Directory")
	if create.WorkMinutes != 60 || !contains(create.SIPOC.Systems, "Active Directory") {
		t.Errorf("create %+v", create)
	}
	send, _ := activity(m, "Send contract")
	if !contains(send.SIPOC.Customers, "New Hire") && !contains(send.SIPOC.Customers, "IT Support") {
		t.Errorf("send customers %v", send.SIPOC.Customers)
	}
}

func TestPurchaseToPay(t *testing.T) {
	text, err := os.ReadFile("testdata/purchase-to-pay.txt")
	if err != nil {
		t.Fatal(err)
	}
	m := analyze(t, string(text))
	want := []string{"Raise purchase requisition (Requester)", "Approve purchase requisitions above 10,000 EUR (Department Head)",
		"Select supplier (Procurement Team)", "Issue purchase order (Procurement Team)", "Receive goods (Warehouse)",
		"Record goods receipt (Warehouse)", "Send invoices (Suppliers)", "Match invoice with purchase order and goods receipt (Accounts Payable)",
		"Contact supplier (Buyer)", "Release payments (Treasury Team)"}
	if got := names(m); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("activities\n got %v\nwant %v", got, want)
	}
	if !strings.HasPrefix(m.ProcessPurpose, "This procedure ensures") {
		t.Errorf("purpose %q", m.ProcessPurpose)
	}
	rec, _ := activity(m, "Record goods receipt")
	if !contains(rec.SIPOC.Systems, "SAP") {
		t.Errorf("record systems %v", rec.SIPOC.Systems)
	}
}

func TestRecruiting(t *testing.T) {
	text, err := os.ReadFile("testdata/recruiting.txt")
	if err != nil {
		t.Fatal(err)
	}
	m := analyze(t, string(text))
	screen, _ := activity(m, "Screen applications")
	if screen.Performer != "Recruiter" || screen.WaitMinutes != 5*1440 {
		t.Errorf("screen %+v", screen)
	}
	interview, _ := activity(m, "Interview shortlisted candidates")
	if interview.WorkMinutes != 60 {
		t.Errorf("interview %+v", interview)
	}
	if _, ok := activity(m, "Shortlist suitable candidates"); !ok {
		t.Errorf("activities %v", names(m))
	}
	var offer *process.Gateway
	for i, g := range m.Gateways {
		if g.Name == "Make an offer?" {
			offer = &m.Gateways[i]
		}
	}
	if offer == nil || offer.Performer != "Hiring Manager" {
		t.Fatalf("gateways %+v", m.Gateways)
	}
	labels := map[string]bool{}
	for _, f := range m.Flows {
		if f.Source == offer.ID {
			labels[f.Condition] = true
		}
	}
	if !labels["Offer made"] || !labels["Otherwise"] {
		t.Errorf("branch labels %v", labels)
	}
	publish, _ := activity(m, "Publish vacancy on careers website")
	if !contains(publish.SIPOC.Systems, "LinkedIn") || !contains(publish.SIPOC.Systems, "Website") {
		t.Errorf("publish systems %v", publish.SIPOC.Systems)
	}
}

func TestNamedPeopleAndPronouns(t *testing.T) {
	text, err := os.ReadFile("testdata/field-service.txt")
	if err != nil {
		t.Fatal(err)
	}
	m := analyze(t, string(text))
	want := []string{"Receive customer's request (Anna)", "Log customer's request (Anna)", "Forward customer's request (Anna)",
		"Schedule visit (Technician)", "Repair device on site (Technician)", "Write report (Technician)",
		"Send report (Technician)", "Invoice customer (Anna)"}
	if got := names(m); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("activities\n got %v\nwant %v", got, want)
	}
	if m.Participants[0].Name != "Anna" || m.Participants[0].Description != "Works in the front office" {
		t.Errorf("participants %+v", m.Participants)
	}
	repair, _ := activity(m, "Repair device on site")
	if repair.WorkMinutes != 90 {
		t.Errorf("repair %+v", repair)
	}
	log, _ := activity(m, "Log customer's request")
	if !contains(log.SIPOC.Systems, "CRM") {
		t.Errorf("log systems %v", log.SIPOC.Systems)
	}
}

// BenchmarkAnalyzeFivePages analyses about five pages (2,500 words) of
// process description on one core; the budget is 200 ms per run.
// BenchmarkAnalyzeFivePages analyses about five pages (16,000
// characters) of process descriptions. Issue 23's budget is 200 ms of CPU
// per description of that size: the cpu-ms/op metric is the process's CPU
// time per analysis (garbage collection included), ns/op the wall time.
func BenchmarkAnalyzeFivePages(b *testing.B) {
	var sb strings.Builder
	for sb.Len() < 16_000 {
		for _, f := range []string{"purchase-to-pay.txt", "it-support.txt", "recruiting.txt", "field-service.txt"} {
			data, err := os.ReadFile(filepath.Join("testdata", f))
			if err != nil {
				b.Fatal(err)
			}
			sb.Write(data)
			sb.WriteString("\n\n")
		}
	}
	text := sb.String()
	b.ReportAllocs()
	start, n := processCPU(), 0
	for b.Loop() {
		Analyze(context.Background(), text, "")
		n++
	}
	if n > 0 {
		b.ReportMetric(float64(processCPU()-start)/float64(n)/1e6, "cpu-ms/op")
	}
}

// TestStartByReceiving checks that a process started by something coming
// in starts with a message event.
func TestStartByReceiving(t *testing.T) {
	m := analyze(t, "Loans\n\nThe process starts when the bank receives a loan application from an applicant. The loan officer checks the application.")
	for _, e := range m.Events {
		if e.Pool == "" && e.Type == process.EventStart {
			if e.Trigger != process.TriggerMessage || e.Name != "Loan application received" {
				t.Errorf("start event %+v, want the message Loan application received", e)
			}
			return
		}
	}
	t.Errorf("no start event in %+v", m.Events)
}
