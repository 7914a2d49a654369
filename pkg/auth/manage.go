package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
)

// ErrAccountExists is returned when an account name is taken.
var ErrAccountExists = errors.New("an account with this name already exists")

// ListUsers returns every user, oldest first.
func (s *Store) ListUsers(ctx context.Context) ([]User, error) {
	var us []User
	err := s.db.WithContext(ctx).Order("created_at, email").Find(&us).Error
	return us, err
}

// AccountByName returns an account by its (unique) name.
func (s *Store) AccountByName(ctx context.Context, name string) (*Account, error) {
	var a Account
	err := s.db.WithContext(ctx).Where("name = ?", name).Take(&a).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &a, err
}

// CreateUniqueAccount creates an account, refusing a taken name.
func (s *Store) CreateUniqueAccount(ctx context.Context, name, membershipType string) (*Account, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, errors.New("an account needs a name")
	}
	if _, err := s.AccountByName(ctx, name); err == nil {
		return nil, ErrAccountExists
	} else if !errors.Is(err, ErrNotFound) {
		return nil, err
	}
	return s.CreateAccount(ctx, name, membershipType)
}

// RemoveMember removes user from account; it reports whether a row went.
func (s *Store) RemoveMember(ctx context.Context, accountID, userID string) (bool, error) {
	res := s.db.WithContext(ctx).Where("account_id = ? AND user_id = ?", accountID, userID).Delete(&Member{})
	if res.Error != nil {
		return false, res.Error
	}
	// Tokens scoped to an account the user left must stop working.
	now := time.Now().UTC()
	s.db.WithContext(ctx).Model(&AccessToken{}).Where("account_id = ? AND user_id = ? AND revoked_at IS NULL", accountID, userID).Update("revoked_at", now)
	return res.RowsAffected > 0, nil
}

// AccountMembers returns the users of an account.
func (s *Store) AccountMembers(ctx context.Context, accountID string) ([]User, error) {
	var us []User
	err := s.db.WithContext(ctx).Table("users").Select("users.*").
		Joins("JOIN account_members ON account_members.user_id = users.id").
		Where("account_members.account_id = ?", accountID).Order("users.email").Scan(&us).Error
	return us, err
}

// TouchAccount records that user opened account now (the picker's "last
// login" date). It fails with ErrNotMember for a foreign account.
func (s *Store) TouchAccount(ctx context.Context, userID, accountID string) (*Account, error) {
	acc, err := s.MemberAccount(ctx, userID, accountID)
	if err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	err = s.db.WithContext(ctx).Model(&Member{}).Where("account_id = ? AND user_id = ?", accountID, userID).Update("last_access_at", now).Error
	return acc, err
}

// updateUser sets columns of one user.
func (s *Store) updateUser(ctx context.Context, userID string, fields map[string]any) error {
	fields["updated_at"] = time.Now().UTC()
	res := s.db.WithContext(ctx).Model(&User{}).Where("id = ?", userID).Updates(fields)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// SetMembershipType sets a user's membership type.
func (s *Store) SetMembershipType(ctx context.Context, userID, typ string) error {
	return s.updateUser(ctx, userID, map[string]any{"membership_type": typ})
}

// SetOperator grants or withdraws the operator role.
func (s *Store) SetOperator(ctx context.Context, userID string, on bool) error {
	return s.updateUser(ctx, userID, map[string]any{"is_operator": on})
}

// SetTrialStart sets when the trial started (nil: not started).
func (s *Store) SetTrialStart(ctx context.Context, userID string, t *time.Time) error {
	return s.updateUser(ctx, userID, map[string]any{"trial_started_at": t})
}

// EnsureTrialStarted starts the trial now unless it already started; it
// returns the start.
func (s *Store) EnsureTrialStarted(ctx context.Context, u *User) (*time.Time, error) {
	if u.TrialStartedAt != nil {
		return u.TrialStartedAt, nil
	}
	now := time.Now().UTC()
	res := s.db.WithContext(ctx).Model(&User{}).Where("id = ? AND trial_started_at IS NULL", u.ID).Update("trial_started_at", now)
	if res.Error != nil {
		return nil, res.Error
	}
	fresh, err := s.UserByID(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	u.TrialStartedAt = fresh.TrialStartedAt
	return u.TrialStartedAt, nil
}

// SetAPIKey stores a user's encrypted API key and its last four characters.
func (s *Store) SetAPIKey(ctx context.Context, userID, ciphertext, last4 string) error {
	return s.updateUser(ctx, userID, map[string]any{"api_key_ciphertext": ciphertext, "api_key_last4": last4})
}

// ClearAPIKey removes a user's API key.
func (s *Store) ClearAPIKey(ctx context.Context, userID string) error {
	return s.updateUser(ctx, userID, map[string]any{"api_key_ciphertext": "", "api_key_last4": ""})
}

// Tokens lists a user's personal access tokens (never their secrets).
func (s *Store) Tokens(ctx context.Context, userID string) ([]AccessToken, error) {
	var ts []AccessToken
	err := s.db.WithContext(ctx).Where("user_id = ?", userID).Order("created_at DESC").Find(&ts).Error
	return ts, err
}

// RevokeToken revokes one of user's tokens. Another user's token id
// answers ErrNotFound.
func (s *Store) RevokeToken(ctx context.Context, userID, tokenID string) error {
	now := time.Now().UTC()
	res := s.db.WithContext(ctx).Model(&AccessToken{}).Where("id = ? AND user_id = ?", tokenID, userID).
		Where("revoked_at IS NULL").Update("revoked_at", now)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		var n int64
		s.db.WithContext(ctx).Model(&AccessToken{}).Where("id = ? AND user_id = ?", tokenID, userID).Count(&n)
		if n == 0 {
			return ErrNotFound
		}
	}
	return nil
}

// SessionByID returns a live session and its user, touching nothing else.
func (s *Store) SessionByID(ctx context.Context, sessionID string) (*Session, error) {
	_, sess, err := s.SessionUser(ctx, sessionID)
	return sess, err
}

// ExtendSession slides a session's last use to now (POST /api/auth/refresh);
// the absolute expiry stays.
func (s *Store) ExtendSession(ctx context.Context, sessionID string) error {
	now := time.Now().UTC()
	return s.db.WithContext(ctx).Model(&Session{}).Where("id_hash = ?", Hash(sessionID)).Update("last_seen_at", now).Error
}

// DeleteExpiredSessions removes sessions past their absolute expiry.
func (s *Store) DeleteExpiredSessions(ctx context.Context) (int64, error) {
	res := s.db.WithContext(ctx).Where("expires_at < ?", time.Now().UTC()).Delete(&Session{})
	return res.RowsAffected, res.Error
}

// SeedUser creates a user with exactly the given fields unless one with
// the same issuer and subject exists, and gives them the named accounts
// (created when missing). It is idempotent: demo users are seeded on every
// start.
func (s *Store) SeedUser(ctx context.Context, u User, accounts []string) (*User, error) {
	var existing User
	err := s.db.WithContext(ctx).Where("issuer = ? AND subject = ?", u.Issuer, u.Subject).Take(&existing).Error
	switch {
	case err == nil:
		u = existing
	case errors.Is(err, gorm.ErrRecordNotFound):
		now := time.Now().UTC()
		u.ID = NewID()
		if u.MembershipType == "" {
			u.MembershipType = "Free"
		}
		u.CreatedAt, u.UpdatedAt = now, now
		if err := s.db.WithContext(ctx).Create(&u).Error; err != nil {
			return nil, fmt.Errorf("seed user %s: %w", u.Email, err)
		}
	default:
		return nil, err
	}
	for _, name := range accounts {
		acc, err := s.AccountByName(ctx, name)
		if errors.Is(err, ErrNotFound) {
			acc, err = s.CreateAccount(ctx, name, u.MembershipType)
		}
		if err != nil {
			return nil, err
		}
		if err := s.AddMember(ctx, acc.ID, u.ID, "owner"); err != nil {
			return nil, err
		}
	}
	return &u, nil
}

// ListAccounts returns every account by name.
func (s *Store) ListAccounts(ctx context.Context) ([]Account, error) {
	var as []Account
	err := s.db.WithContext(ctx).Order("name").Find(&as).Error
	return as, err
}

// SetOwnedAccountsType sets the membership type of the accounts userID
// owns (their personal workspace follows their plan).
func (s *Store) SetOwnedAccountsType(ctx context.Context, userID, typ string) error {
	sub := s.db.Model(&Member{}).Select("account_id").Where("user_id = ? AND role = ?", userID, "owner")
	return s.db.WithContext(ctx).Model(&Account{}).Where("id IN (?)", sub).
		Updates(map[string]any{"membership_type": typ, "updated_at": time.Now().UTC()}).Error
}
