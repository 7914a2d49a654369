// Package auth holds users, accounts, memberships of users in accounts,
// sessions and personal access tokens, and resolves the principal (user +
// account) of each request. The OpenID Connect sign-in lives beside it.
package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
)

// Errors of this package.
var (
	ErrUnauthenticated = errors.New("not signed in")
	ErrNotMember       = errors.New("not a member of this account")
	ErrNoAccount       = errors.New("no account selected")
	ErrNotFound        = errors.New("not found")
)

// User is a person who signs in.
type User struct {
	ID               string `gorm:"primaryKey"`
	Subject          string
	Issuer           string
	Email            string
	FirstName        string
	LastName         string
	Name             string
	MembershipType   string
	TrialStartedAt   *time.Time
	IsOperator       bool
	APIKeyCiphertext string
	APIKeyLast4      string `gorm:"column:api_key_last4"`
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// Account groups users and owns analyses.
type Account struct {
	ID             string `gorm:"primaryKey"`
	Name           string
	MembershipType string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// Member is a user's membership in an account.
type Member struct {
	AccountID    string `gorm:"primaryKey"`
	UserID       string `gorm:"primaryKey"`
	Role         string
	LastAccessAt *time.Time
	CreatedAt    time.Time
}

// TableName is the gorm table.
func (Member) TableName() string { return "account_members" }

// Session is a signed-in browser. Only the hash of its id is stored.
type Session struct {
	IDHash string `gorm:"primaryKey"`
	UserID string
	// IDTokenHint is always empty: raw ID tokens are no longer kept
	// (migrations/00011 cleared earlier ones); the column stays for
	// compatibility.
	IDTokenHint string
	CreatedAt   time.Time
	LastSeenAt  time.Time
	ExpiresAt   time.Time
}

// AccessToken is a personal access token scoped to one account.
type AccessToken struct {
	ID         string `gorm:"primaryKey"`
	TokenHash  string
	UserID     string
	AccountID  string
	Name       string
	CreatedAt  time.Time
	LastUsedAt *time.Time
	RevokedAt  *time.Time
}

// Principal is who makes a request and for which account.
type Principal struct {
	User    *User
	Account *Account // nil when none is selected
	// ViaToken is set when a personal access token authenticated the request.
	ViaToken bool
	// TokenID is that token's id (empty for a session), so that a token can
	// revoke itself and nothing else.
	TokenID string
}

// Store reads and writes users, accounts, sessions and tokens.
type Store struct {
	db *gorm.DB
	// idle ends a session that was not used for this long (0: never).
	idle time.Duration
}

// NewStore returns a store on db.
func NewStore(db *gorm.DB) *Store { return &Store{db: db, idle: DefaultSessionIdle} }

// Session lifetimes: a session ends after DefaultSessionIdle without use or
// DefaultSessionLifetime after sign-in, whichever comes first.
const (
	DefaultSessionIdle     = 24 * time.Hour
	DefaultSessionLifetime = 7 * 24 * time.Hour
)

// SetSessionIdle changes the idle time-out (0 disables it).
func (s *Store) SetSessionIdle(d time.Duration) { s.idle = d }

// DB exposes the gorm handle for packages that extend the store.
func (s *Store) DB() *gorm.DB { return s.db }

// NewID returns a new random id.
func NewID() string { return uuid.NewString() }

// Hash returns the hex SHA-256 of a secret (session ids, tokens).
func Hash(secret string) string {
	h := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(h[:])
}

// RandomSecret returns n random bytes, URL-safe base64.
func RandomSecret(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // the system's randomness is broken; nothing is safe
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// UpsertUser finds the user by issuer+subject, creating them with a
// personal account on first sign-in (which starts the trial).
func (s *Store) UpsertUser(ctx context.Context, u User) (*User, bool, error) {
	var existing User
	err := s.db.WithContext(ctx).Where("issuer = ? AND subject = ?", u.Issuer, u.Subject).Take(&existing).Error
	now := time.Now().UTC()
	if err == nil {
		existing.Email, existing.FirstName, existing.LastName, existing.Name = u.Email, u.FirstName, u.LastName, u.Name
		existing.UpdatedAt = now
		if err := s.db.WithContext(ctx).Model(&existing).Select("email", "first_name", "last_name", "name", "updated_at").Updates(&existing).Error; err != nil {
			return nil, false, fmt.Errorf("update user: %w", err)
		}
		return &existing, false, nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, false, fmt.Errorf("find user: %w", err)
	}
	u.ID = NewID()
	if u.MembershipType == "" {
		u.MembershipType = "Free"
	}
	if u.TrialStartedAt == nil {
		u.TrialStartedAt = &now
	}
	u.CreatedAt, u.UpdatedAt = now, now
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&u).Error; err != nil {
			return err
		}
		name := u.Name
		if name == "" {
			name = u.Email
		}
		acc := Account{ID: NewID(), Name: uniqueAccountName(tx, name+"'s workspace"), MembershipType: u.MembershipType, CreatedAt: now, UpdatedAt: now}
		if err := tx.Create(&acc).Error; err != nil {
			return err
		}
		return tx.Create(&Member{AccountID: acc.ID, UserID: u.ID, Role: "owner", CreatedAt: now}).Error
	})
	if err != nil {
		return nil, false, fmt.Errorf("create user: %w", err)
	}
	return &u, true, nil
}

func uniqueAccountName(tx *gorm.DB, name string) string {
	candidate := name
	for i := 2; ; i++ {
		var n int64
		tx.Model(&Account{}).Where("name = ?", candidate).Count(&n)
		if n == 0 {
			return candidate
		}
		candidate = fmt.Sprintf("%s (%d)", name, i)
	}
}

// CreateAccount creates an account.
func (s *Store) CreateAccount(ctx context.Context, name, membershipType string) (*Account, error) {
	now := time.Now().UTC()
	if membershipType == "" {
		membershipType = "Free"
	}
	a := Account{ID: NewID(), Name: name, MembershipType: membershipType, CreatedAt: now, UpdatedAt: now}
	if err := s.db.WithContext(ctx).Create(&a).Error; err != nil {
		return nil, fmt.Errorf("create account: %w", err)
	}
	return &a, nil
}

// AddMember adds user to account (idempotent).
func (s *Store) AddMember(ctx context.Context, accountID, userID, role string) error {
	var n int64
	s.db.WithContext(ctx).Model(&Member{}).Where("account_id = ? AND user_id = ?", accountID, userID).Count(&n)
	if n > 0 {
		return nil
	}
	if role == "" {
		role = "member"
	}
	return s.db.WithContext(ctx).Create(&Member{AccountID: accountID, UserID: userID, Role: role, CreatedAt: time.Now().UTC()}).Error
}

// AccountWithAccess is an account as the account picker shows it.
type AccountWithAccess struct {
	Account
	LastAccessAt *time.Time
}

// Accounts lists the accounts of a user.
func (s *Store) Accounts(ctx context.Context, userID string) ([]AccountWithAccess, error) {
	var rows []AccountWithAccess
	err := s.db.WithContext(ctx).Table("accounts").
		Select("accounts.*, account_members.last_access_at").
		Joins("JOIN account_members ON account_members.account_id = accounts.id").
		Where("account_members.user_id = ?", userID).Order("accounts.name").Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("list accounts: %w", err)
	}
	return rows, nil
}

// MemberAccount returns account id if user belongs to it.
func (s *Store) MemberAccount(ctx context.Context, userID, accountID string) (*Account, error) {
	var a Account
	err := s.db.WithContext(ctx).Table("accounts").Select("accounts.*").
		Joins("JOIN account_members ON account_members.account_id = accounts.id").
		Where("account_members.user_id = ? AND accounts.id = ?", userID, accountID).Take(&a).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotMember
	}
	if err != nil {
		return nil, fmt.Errorf("check membership: %w", err)
	}
	return &a, nil
}

// UserByID returns a user.
func (s *Store) UserByID(ctx context.Context, id string) (*User, error) {
	var u User
	err := s.db.WithContext(ctx).Where("id = ?", id).Take(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &u, err
}

// UserByEmail returns a user by e-mail address.
func (s *Store) UserByEmail(ctx context.Context, email string) (*User, error) {
	var u User
	err := s.db.WithContext(ctx).Where("email = ?", email).Order("created_at").Take(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrNotFound
	}
	return &u, err
}

// CreateSession starts a session for user and returns its secret id. The
// provider's ID token is not kept: sign-out needs only the client id, and
// a stored raw token would be a bearer credential in the database.
func (s *Store) CreateSession(ctx context.Context, userID string, ttl time.Duration) (string, error) {
	id := RandomSecret(32)
	now := time.Now().UTC()
	sess := Session{IDHash: Hash(id), UserID: userID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(ttl)}
	if err := s.db.WithContext(ctx).Create(&sess).Error; err != nil {
		return "", fmt.Errorf("create session: %w", err)
	}
	return id, nil
}

// SessionUser returns the user of a live session.
func (s *Store) SessionUser(ctx context.Context, sessionID string) (*User, *Session, error) {
	var sess Session
	err := s.db.WithContext(ctx).Where("id_hash = ?", Hash(sessionID)).Take(&sess).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil, ErrUnauthenticated
	}
	if err != nil {
		return nil, nil, fmt.Errorf("find session: %w", err)
	}
	now := time.Now().UTC()
	if now.After(sess.ExpiresAt) || (s.idle > 0 && now.Sub(sess.LastSeenAt) > s.idle) {
		return nil, nil, ErrUnauthenticated
	}
	if now.Sub(sess.LastSeenAt) > time.Minute {
		// Touch at most once a minute: the idle clock needs no more.
		sess.LastSeenAt = now
		s.db.WithContext(ctx).Model(&Session{}).Where("id_hash = ?", sess.IDHash).Update("last_seen_at", now)
	}
	u, err := s.UserByID(ctx, sess.UserID)
	if errors.Is(err, ErrNotFound) {
		return nil, nil, ErrUnauthenticated
	}
	return u, &sess, err
}

// DeleteSession ends a session.
func (s *Store) DeleteSession(ctx context.Context, sessionID string) error {
	return s.db.WithContext(ctx).Where("id_hash = ?", Hash(sessionID)).Delete(&Session{}).Error
}

// TokenPrefix starts every personal access token, so that secret scanners
// and people can recognise one.
const TokenPrefix = "spade_pat_"

// CreateToken creates a personal access token for user in account and
// returns the secret (shown once).
func (s *Store) CreateToken(ctx context.Context, userID, accountID, name string) (string, *AccessToken, error) {
	if _, err := s.MemberAccount(ctx, userID, accountID); err != nil {
		return "", nil, err
	}
	secret := TokenPrefix + RandomSecret(32)
	t := AccessToken{ID: NewID(), TokenHash: Hash(secret), UserID: userID, AccountID: accountID, Name: name, CreatedAt: time.Now().UTC()}
	if err := s.db.WithContext(ctx).Create(&t).Error; err != nil {
		return "", nil, fmt.Errorf("create token: %w", err)
	}
	return secret, &t, nil
}

// TokenPrincipal resolves a bearer token.
func (s *Store) TokenPrincipal(ctx context.Context, secret string) (*Principal, error) {
	var t AccessToken
	err := s.db.WithContext(ctx).Where("token_hash = ? AND revoked_at IS NULL", Hash(secret)).Take(&t).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, ErrUnauthenticated
	}
	if err != nil {
		return nil, err
	}
	u, err := s.UserByID(ctx, t.UserID)
	if err != nil {
		return nil, ErrUnauthenticated
	}
	acc, err := s.MemberAccount(ctx, u.ID, t.AccountID)
	if err != nil {
		return nil, ErrUnauthenticated
	}
	// last_used_at is for people, to the minute: writing it on every
	// request would serialise all requests of one token on its row.
	now := time.Now().UTC()
	if t.LastUsedAt == nil || now.Sub(*t.LastUsedAt) > time.Minute {
		s.db.WithContext(ctx).Model(&AccessToken{}).Where("id = ?", t.ID).Update("last_used_at", now)
	}
	return &Principal{User: u, Account: acc, ViaToken: true, TokenID: t.ID}, nil
}
