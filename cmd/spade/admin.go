package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/db"
	"github.com/spade-bpmn/spade/pkg/membership"
)

const adminUsage = `admin commands:
  spade token create --email E [--account NAME] [--name LABEL]   print a personal access token
  spade token list --email E
  spade token revoke --email E --id TOKEN_ID
  spade users list
  spade users grant-operator --email E | revoke-operator --email E
  spade accounts list
  spade accounts create NAME [--type Free|Standard]
  spade accounts add-member --account NAME --email E
  spade accounts remove-member --account NAME --email E
  spade membership set --email E --type Standard|Free [--restart-trial]
`

// adminStore opens the database (migrating it) for an admin command.
func adminStore(ctx context.Context) (*auth.Store, func(), error) {
	cfg, err := config.Load("text")
	if err != nil {
		return nil, nil, err
	}
	d, err := db.Open(cfg.DatabaseURL)
	if err != nil {
		return nil, nil, err
	}
	if err := d.Migrate(ctx, newLogger(&config.Config{LogLevel: "error", LogFormat: "text"})); err != nil {
		d.Close()
		return nil, nil, err
	}
	return auth.NewStore(d.DB), func() { _ = d.Close() }, nil
}

// runAdmin runs one admin command group; out receives what the command prints.
func runAdmin(ctx context.Context, group string, args []string, out io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(out, adminUsage)
		return nil
	}
	store, closeFn, err := adminStore(ctx)
	if err != nil {
		return err
	}
	defer closeFn()
	return adminRun(ctx, store, group, args, out)
}

type adminFlags struct {
	fs                            *flag.FlagSet
	email, account, name, typ, id *string
	restartTrial                  *bool
	positional                    []string
}

func parseAdmin(cmd string, args []string) (*adminFlags, error) {
	f := &adminFlags{fs: flag.NewFlagSet(cmd, flag.ContinueOnError)}
	f.fs.SetOutput(io.Discard)
	f.email = f.fs.String("email", "", "user e-mail")
	f.account = f.fs.String("account", "", "account name")
	f.name = f.fs.String("name", "", "token label")
	f.typ = f.fs.String("type", "", "membership type")
	f.id = f.fs.String("id", "", "token id")
	f.restartTrial = f.fs.Bool("restart-trial", false, "start the trial again now")
	// Positional arguments may come before or after the flags.
	for len(args) > 0 {
		if err := f.fs.Parse(args); err != nil {
			return nil, fmt.Errorf("%s: %w\n\n%s", cmd, err, adminUsage)
		}
		args = f.fs.Args()
		if len(args) > 0 {
			f.positional = append(f.positional, args[0])
			args = args[1:]
		}
	}
	return f, nil
}

func need(name, v string) error {
	if strings.TrimSpace(v) == "" {
		return fmt.Errorf("--%s is required\n\n%s", name, adminUsage)
	}
	return nil
}

func userByEmail(ctx context.Context, s *auth.Store, email string) (*auth.User, error) {
	if err := need("email", email); err != nil {
		return nil, err
	}
	u, err := s.UserByEmail(ctx, strings.TrimSpace(email))
	if errors.Is(err, auth.ErrNotFound) {
		return nil, fmt.Errorf("no user with e-mail %s (users appear after their first sign-in; see `spade users list`)", email)
	}
	return u, err
}

func accountByName(ctx context.Context, s *auth.Store, name string) (*auth.Account, error) {
	if err := need("account", name); err != nil {
		return nil, err
	}
	a, err := s.AccountByName(ctx, name)
	if errors.Is(err, auth.ErrNotFound) {
		return nil, fmt.Errorf("no account named %q (see `spade accounts list`)", name)
	}
	return a, err
}

// adminCommand runs one admin subcommand ("group verb") on the store
// with its parsed flags.
type adminCommand func(ctx context.Context, s *auth.Store, sub string, f *adminFlags, out io.Writer) error

// adminCommands is every admin subcommand: adding one is one entry here
// and a line in adminUsage.
func adminCommands() map[string]adminCommand {
	return map[string]adminCommand{
		"token create":           tokenCreate,
		"token list":             tokenList,
		"token revoke":           tokenRevoke,
		"users list":             usersList,
		"users grant-operator":   usersOperator,
		"users revoke-operator":  usersOperator,
		"accounts list":          accountsList,
		"accounts create":        accountsCreate,
		"accounts add-member":    accountsMember,
		"accounts remove-member": accountsMember,
		"membership set":         membershipSet,
	}
}

// adminRun runs the subcommand args[0] of group.
func adminRun(ctx context.Context, s *auth.Store, group string, args []string, out io.Writer) error {
	sub := group + " " + args[0]
	cmd, ok := adminCommands()[sub]
	if !ok {
		return fmt.Errorf("unknown command %q\n\n%s", sub, adminUsage)
	}
	f, err := parseAdmin(sub, args[1:])
	if err != nil {
		return err
	}
	return cmd(ctx, s, sub, f, out)
}

// tokenCreate prints a new personal access token for a user in one of their accounts.
func tokenCreate(ctx context.Context, s *auth.Store, sub string, f *adminFlags, out io.Writer) error {
	u, err := userByEmail(ctx, s, *f.email)
	if err != nil {
		return err
	}
	var acct *auth.Account
	if *f.account != "" {
		if acct, err = accountByName(ctx, s, *f.account); err != nil {
			return err
		}
	} else {
		accs, err := s.Accounts(ctx, u.ID)
		if err != nil {
			return err
		}
		if len(accs) != 1 {
			names := make([]string, len(accs))
			for i, a := range accs {
				names[i] = a.Name
			}
			return fmt.Errorf("%s belongs to %d accounts (%s): choose one with --account", u.Email, len(accs), strings.Join(names, ", "))
		}
		acct = &accs[0].Account
	}
	secret, _, err := s.CreateToken(ctx, u.ID, acct.ID, *f.name)
	if errors.Is(err, auth.ErrNotMember) {
		return fmt.Errorf("%s is not a member of %q", u.Email, acct.Name)
	}
	if err != nil {
		return err
	}
	fmt.Fprintln(out, secret)
	return nil
}

// tokenList prints a user's tokens.
func tokenList(ctx context.Context, s *auth.Store, sub string, f *adminFlags, out io.Writer) error {
	u, err := userByEmail(ctx, s, *f.email)
	if err != nil {
		return err
	}
	ts, err := s.Tokens(ctx, u.ID)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tACCOUNT_ID\tCREATED\tLAST_USED\tREVOKED")
	for _, t := range ts {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", t.ID, t.Name, t.AccountID, t.CreatedAt.Format(time.RFC3339), fmtTime(t.LastUsedAt), fmtTime(t.RevokedAt))
	}
	return tw.Flush()
}

// tokenRevoke revokes one of a user's tokens.
func tokenRevoke(ctx context.Context, s *auth.Store, sub string, f *adminFlags, out io.Writer) error {
	u, err := userByEmail(ctx, s, *f.email)
	if err != nil {
		return err
	}
	if err := need("id", *f.id); err != nil {
		return err
	}
	if err := s.RevokeToken(ctx, u.ID, *f.id); err != nil {
		return err
	}
	fmt.Fprintln(out, "revoked", *f.id)
	return nil
}

// usersList prints every user with their plan and accounts.
func usersList(ctx context.Context, s *auth.Store, sub string, f *adminFlags, out io.Writer) error {
	us, err := s.ListUsers(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "EMAIL\tNAME\tMEMBERSHIP\tTRIAL_STARTED\tOPERATOR\tOWN_KEY\tACCOUNTS\tID")
	for _, u := range us {
		accs, err := s.Accounts(ctx, u.ID)
		if err != nil {
			return err
		}
		names := make([]string, len(accs))
		for i, a := range accs {
			names[i] = a.Name
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%t\t%t\t%s\t%s\n", u.Email, u.Name, membership.NormalizeType(u.MembershipType),
			fmtTime(u.TrialStartedAt), u.IsOperator, u.APIKeyCiphertext != "", strings.Join(names, "; "), u.ID)
	}
	return tw.Flush()
}

// usersOperator grants or revokes the operator role (sub says which).
func usersOperator(ctx context.Context, s *auth.Store, sub string, f *adminFlags, out io.Writer) error {
	u, err := userByEmail(ctx, s, *f.email)
	if err != nil {
		return err
	}
	on := sub == "users grant-operator"
	if err := s.SetOperator(ctx, u.ID, on); err != nil {
		return err
	}
	fmt.Fprintf(out, "%s operator=%t\n", u.Email, on)
	return nil
}

// accountsList prints every account with its members.
func accountsList(ctx context.Context, s *auth.Store, sub string, f *adminFlags, out io.Writer) error {
	as, err := s.ListAccounts(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tMEMBERSHIP\tMEMBERS\tID")
	for _, a := range as {
		ms, err := s.AccountMembers(ctx, a.ID)
		if err != nil {
			return err
		}
		emails := make([]string, len(ms))
		for i, m := range ms {
			emails[i] = m.Email
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", a.Name, a.MembershipType, strings.Join(emails, "; "), a.ID)
	}
	return tw.Flush()
}

// accountsCreate creates an account under a unique name.
func accountsCreate(ctx context.Context, s *auth.Store, sub string, f *adminFlags, out io.Writer) error {
	if len(f.positional) != 1 {
		return fmt.Errorf("accounts create takes one NAME\n\n%s", adminUsage)
	}
	typ := membership.Free
	if *f.typ != "" {
		t, err := membership.ParseType(*f.typ)
		if err != nil {
			return err
		}
		typ = t
	}
	a, err := s.CreateUniqueAccount(ctx, f.positional[0], typ)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "created account %q (%s)\n", a.Name, a.ID)
	return nil
}

// accountsMember adds a user to an account or removes them (sub says which).
func accountsMember(ctx context.Context, s *auth.Store, sub string, f *adminFlags, out io.Writer) error {
	a, err := accountByName(ctx, s, *f.account)
	if err != nil {
		return err
	}
	u, err := userByEmail(ctx, s, *f.email)
	if err != nil {
		return err
	}
	if sub == "accounts add-member" {
		if err := s.AddMember(ctx, a.ID, u.ID, "member"); err != nil {
			return err
		}
		fmt.Fprintf(out, "%s is a member of %q\n", u.Email, a.Name)
		return nil
	}
	ok, err := s.RemoveMember(ctx, a.ID, u.ID)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%s is not a member of %q", u.Email, a.Name)
	}
	fmt.Fprintf(out, "%s removed from %q\n", u.Email, a.Name)
	return nil
}

// membershipSet sets a user's plan (and their own accounts'), optionally restarting the trial.
func membershipSet(ctx context.Context, s *auth.Store, sub string, f *adminFlags, out io.Writer) error {
	u, err := userByEmail(ctx, s, *f.email)
	if err != nil {
		return err
	}
	if err := need("type", *f.typ); err != nil {
		return err
	}
	typ, err := membership.ParseType(*f.typ)
	if err != nil {
		return err
	}
	if err := s.SetMembershipType(ctx, u.ID, typ); err != nil {
		return err
	}
	if err := s.SetOwnedAccountsType(ctx, u.ID, typ); err != nil {
		return err
	}
	if *f.restartTrial {
		now := time.Now().UTC()
		if err := s.SetTrialStart(ctx, u.ID, &now); err != nil {
			return err
		}
	}
	fmt.Fprintf(out, "%s membership=%s\n", u.Email, typ)
	return nil
}

func fmtTime(t *time.Time) string {
	if t == nil {
		return "-"
	}
	return t.UTC().Format(time.RFC3339)
}
