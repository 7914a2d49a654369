package devop

import (
	"context"
	"time"

	"github.com/spade-bpmn/spade/pkg/auth"
)

// Demo is one demo user with what SPADE knows about them.
type Demo struct {
	User
	Accounts       []string
	MembershipType string
	// TrialAge is how long ago the trial started.
	TrialAge time.Duration
	Operator bool
}

// DemoUsers are the users of the built-in provider, created in the
// database on start (see Seed).
var DemoUsers = []Demo{
	{User: User{Subject: "demo-analyst", Email: "analyst@example.com", GivenName: "Ada", FamilyName: "Analyst", Note: "One account, free trial active"},
		Accounts: []string{"Analyst Workspace"}, MembershipType: "Free"},
	{User: User{Subject: "demo-consultant", Email: "consultant@example.com", GivenName: "Conrad", FamilyName: "Consultant", Note: "Two accounts: chooses one after signing in"},
		Accounts: []string{"Northwind Consulting", "Contoso Operations"}, MembershipType: "Free"},
	{User: User{Subject: "demo-expired", Email: "expired@example.com", GivenName: "Eve", FamilyName: "Expired", Note: "Free trial ended, no own API key"},
		Accounts: []string{"Expired Workspace"}, MembershipType: "Free", TrialAge: 30 * 24 * time.Hour},
	{User: User{Subject: "demo-ops", Email: "ops@example.com", GivenName: "Oscar", FamilyName: "Operator", Note: "Operator: queue dashboard and metrics"},
		Accounts: []string{"Operations"}, MembershipType: "Standard", Operator: true},
}

// Users returns the provider users of demos.
func Users(demos []Demo) []User {
	out := make([]User, len(demos))
	for i, d := range demos {
		out[i] = d.User
	}
	return out
}

// Seed creates the demo users for issuer (idempotent): their accounts,
// membership, trial start and operator flag.
func Seed(ctx context.Context, store *auth.Store, issuer string, demos []Demo) error {
	now := time.Now().UTC()
	for _, d := range demos {
		started := now.Add(-d.TrialAge)
		_, err := store.SeedUser(ctx, auth.User{
			Issuer: issuer, Subject: d.Subject, Email: d.Email, FirstName: d.GivenName, LastName: d.FamilyName,
			Name: d.GivenName + " " + d.FamilyName, MembershipType: d.MembershipType, TrialStartedAt: &started, IsOperator: d.Operator,
		}, d.Accounts)
		if err != nil {
			return err
		}
	}
	return nil
}
