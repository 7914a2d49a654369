package text

import (
	"strings"
	"testing"
)

// TestAddressed covers "you" in what a service speaker says to the
// outside party on the line: a recipient becomes the party, other uses
// stay.
func TestAddressed(t *testing.T) {
	tests := []struct{ in, want string }{
		{"I'm e-mailing you the link now.", "I'm e-mailing the customer the link now."},
		{"We send you the self-help guide.", "We send the customer the self-help guide."},
		{"The survey goes to you by e-mail.", "The survey goes to the customer by e-mail."},
		{"Thank you for calling.", "Thank you for calling."},
		{"Could you send us a photo?", "Could you send us a photo?"},
		{"If you haven't replied, we close it.", "If you haven't replied, we close it."},
	}
	for _, tt := range tests {
		if got := addressed(tt.in, "customer"); got != tt.want {
			t.Errorf("addressed(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestCallWithCustomer covers a service call: the caller is an outside
// pool that what the agent sends reaches by message flows.
func TestCallWithCustomer(t *testing.T) {
	m := analyze(t, "Agent (Priya, Fault Desk): Fibrelink fault desk, Priya speaking.\n"+
		"Customer (Ms Okafor): My internet has been down since this morning.\n"+
		"Priya: Sorry about that. I log a fault ticket and I send you the self-help guide.\n"+
		"Ms Okafor: Thanks.\n"+
		"Priya: If the guide does not help, I book a field engineer.\n")
	pool := false
	for _, p := range m.Pools {
		pool = pool || strings.EqualFold(p.Name, "Customer")
	}
	if !pool {
		t.Fatalf("no Customer pool:%s", describe(m))
	}
	if len(m.MessageFlows) == 0 {
		t.Errorf("no message flow to the customer:%s", describe(m))
	}
}

// TestLetterTo covers a letter to an outside party by its role: "you"
// is that party; other texts are left alone.
func TestLetterTo(t *testing.T) {
	tests := []struct {
		name, in, want string
		ok             bool
	}{
		{"to an applicant", "Dear applicant,\n\nWe check your application. If documents are missing, we write to you and you resend it. You'll get the permit.", "Dear applicant,\n\nWe check the applicant's application. If documents are missing, we write to the applicant and the applicant resend it. The applicant will get the permit.", true},
		{"to a team", "Dear team,\n\nYou check the invoice.", "", false},
		{"no salutation", "You check the invoice. Dear applicant, hello.", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := letterTo(tt.in)
			if ok != tt.ok || got != tt.want {
				t.Errorf("letterTo = %q, %v; want %q, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
	m := analyze(t, "Dear applicant,\n\nThe permit officer checks your application. If documents are missing, the permit officer writes to you and you resend the application. The permit officer issues the permit and sends it to you.\n\nYours sincerely,\nPermits Unit")
	pool := false
	for _, p := range m.Pools {
		pool = pool || strings.EqualFold(p.Name, "Applicant")
	}
	if !pool || len(m.MessageFlows) == 0 {
		t.Errorf("no Applicant pool with message flows:%s", describe(m))
	}
}

// TestPlainPerson covers a speaker's future and progressive, read as the
// plain present.
func TestPlainPerson(t *testing.T) {
	tests := []struct{ in, want string }{
		{"I'm logging a fault ticket now.", "I log a fault ticket now."},
		{"I'll run a line test from here.", "I will run a line test from here."},
		{"and you'd have to call again.", "and you must call again."},
		{"I'd send the form.", "I must send the form."},
		{"We are sending the invoice.", "We send the invoice."},
		{"We're going to send the invoice.", "We will send the invoice."},
		{"I'm sorry about that.", "I'm sorry about that."},
		{"The clerk is checking the form.", "The clerk is checking the form."},
	}
	for _, tt := range tests {
		if got := plainPerson(tt.in); got != tt.want {
			t.Errorf("plainPerson(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	m := analyze(t, "Agent (Priya, Fault Desk): Hello, Priya speaking.\nCustomer (Ms Okafor): My internet is down.\nPriya: I'm logging a fault ticket now. I'll run a line test.\nMs Okafor: Fine.\nPriya: I am booking an engineer.\n")
	for _, want := range []string{"Run line test", "Book engineer"} {
		if _, ok := activity(m, want); !ok {
			t.Errorf("no activity %q:%s", want, describe(m))
		}
	}
}

// TestPlainPersonAside covers an interviewer's aside, which stays as it
// is: no step "Record".
func TestPlainPersonAside(t *testing.T) {
	if got := plainPerson("Okay, I'm recording."); got != "Okay, I'm recording." {
		t.Errorf("plainPerson rewrote an aside: %q", got)
	}
}
