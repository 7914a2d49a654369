package text

import "testing"

// TestFrontedObject: an object put before its pronoun subject goes back
// after the verb; a lead-in, a clause or a subject with its own verb
// stays.
func TestFrontedObject(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"A valid ID you scan into the deposit screen.", "You scan a valid ID into the deposit screen."},
		{"Opened items we inspect first.", "We inspect opened items first."},
		{"Damaged items we never put back into stock.", "We never put damaged items back into stock."},
		{"Items we cannot identify during the inspection we photograph and send to the helpdesk.", "We photograph items we cannot identify during the inspection and send to the helpdesk."},
		{"A sanctions hit I hand over to Compliance.", "I hand a sanctions hit over to Compliance."},
		{"An unsigned contract you chase once a week.", "You chase an unsigned contract once a week."},
		{"KYC documents we file in the archive.", "We file KYC documents in the archive."},
		{"Released moulds the planner schedules into next week's plan.", "The planner schedules released moulds into next week's plan."},
		{"A disputed invoice AP never books and never pays.", "AP never books a disputed invoice and never pays."},
		{"Approved invoices the controller posts in the ledger.", "The controller posts approved invoices in the ledger."},
		{"The items the courier brings go to the shelf.", "The items the courier brings go to the shelf."},
		{"The clerk checks the form.", "The clerk checks the form."},
		{"CH registers the claim and runs the fraud score.", "CH registers the claim and runs the fraud score."},
		{"The lab assistant unpacks the box and checks every tube.", "The lab assistant unpacks the box and checks every tube."},
		{"Two days before the event the caterer confirms the headcount.", "Two days before the event the caterer confirms the headcount."},
		{"Up to 2 % we simply confirm the meter.", "Up to 2 % we simply confirm the meter."},
		{"I'll run a line test from here while you restart the router.", "I'll run a line test from here while you restart the router."},
		{"Keep the lot in the bay while you wait for the certificate.", "Keep the lot in the bay while you wait for the certificate."},
		{"More analysis means the design engineer reworks the assessment.", "More analysis means the design engineer reworks the assessment."},
		{"The on-call DBA acknowledges the alert.", "The on-call DBA acknowledges the alert."},
		{"Anything not ticked -> I send it back to the fitter.", "Anything not ticked -> I send it back to the fitter."},
		{"Open items → we chase them.", "Open items → we chase them."},
		{"Then you check the ID.", "Then you check the ID."},
		{"The operator e-mails you a group request.", "The operator e-mails you a group request."},
		{"A plausible answer lets you credit the deposit.", "A plausible answer lets you credit the deposit."},
		{"Every afternoon we scan each parcel.", "Every afternoon we scan each parcel."},
		{"Monday morning we count the stock.", "Monday morning we count the stock."},
		{"The clerk checks whether we need a copy.", "The clerk checks whether we need a copy."},
		{"Once it is in, we book the room.", "Once it is in, we book the room."},
		{"Otherwise I send a recall request.", "Otherwise I send a recall request."},
		{"Passports we never post.", "We never post passports."},
		{"Sometimes we call.", "Sometimes we call."},
		{"The agent and you check the form.", "The agent and you check the form."},
	} {
		if got := frontedObject(tc.in); got != tc.want {
			t.Errorf("frontedObject(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
