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
