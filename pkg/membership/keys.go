package membership

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"
)

// KeyFile is the file in the data directory holding the generated secret
// key when SPADE_SECRET_KEY is unset.
const KeyFile = "secret.key"

// ErrEmptyKey is the spec's text for an empty or blank API key.
//
//lint:ignore ST1005 the spec's user-facing sentence, shown verbatim as {"detail": …}
var ErrEmptyKey = errors.New("Please enter an API key.")

// MaxAPIKeyLen bounds a stored key; real vendor keys are far shorter.
const MaxAPIKeyLen = 512

// Cipher encrypts users' API keys with AES-256-GCM. The ciphertext carries a
// version prefix and the random nonce, so keys can be rotated later.
type Cipher struct{ aead cipher.AEAD }

const cipherPrefix = "v1:"

// NewCipher returns a cipher for a 32-byte key.
func NewCipher(key []byte) (*Cipher, error) {
	if len(key) != 32 {
		return nil, fmt.Errorf("secret key must be 32 bytes, got %d", len(key))
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Cipher{aead: aead}, nil
}

// Encrypt seals plain; additional binds the ciphertext to its owner (the
// user id) so a row copied to another user does not decrypt.
func (c *Cipher) Encrypt(plain, additional string) (string, error) {
	nonce := make([]byte, c.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	sealed := c.aead.Seal(nonce, nonce, []byte(plain), []byte(additional))
	return cipherPrefix + base64.RawStdEncoding.EncodeToString(sealed), nil
}

// Decrypt opens a value made by Encrypt with the same additional data.
func (c *Cipher) Decrypt(ct, additional string) (string, error) {
	if !strings.HasPrefix(ct, cipherPrefix) {
		return "", errors.New("unknown ciphertext version")
	}
	raw, err := base64.RawStdEncoding.DecodeString(strings.TrimPrefix(ct, cipherPrefix))
	if err != nil {
		return "", fmt.Errorf("decode ciphertext: %w", err)
	}
	ns := c.aead.NonceSize()
	if len(raw) < ns+c.aead.Overhead() {
		return "", errors.New("ciphertext too short")
	}
	plain, err := c.aead.Open(nil, raw[:ns], raw[ns:], []byte(additional))
	if err != nil {
		return "", errors.New("ciphertext does not decrypt with this secret key (was SPADE_SECRET_KEY changed?)")
	}
	return string(plain), nil
}

// NormalizeAPIKey trims the key and validates it: not empty, printable,
// bounded.
func NormalizeAPIKey(k string) (string, error) {
	k = strings.TrimSpace(k)
	if k == "" {
		return "", ErrEmptyKey
	}
	if len(k) > MaxAPIKeyLen || !utf8.ValidString(k) {
		//lint:ignore ST1005 the spec's user-facing sentence, shown verbatim as {"detail": …}
		return "", errors.New("This does not look like an API key. Please paste the key exactly as your provider shows it.")
	}
	for _, r := range k {
		if r < 0x21 || r == 0x7f || unicode.IsControl(r) || unicode.IsSpace(r) {
			//lint:ignore ST1005 the spec's user-facing sentence, shown verbatim as {"detail": …}
			return "", errors.New("An API key cannot contain spaces or control characters. Please paste the key exactly as your provider shows it.")
		}
		// Invisible format characters (bidi overrides and isolates,
		// zero-width spaces and joiners, the BOM) never belong to a key:
		// they come from copying out of a rich-text page, and a stored
		// key with them would fail every call, or show a reordered
		// last four.
		if unicode.Is(unicode.Cf, r) || r == utf8.RuneError {
			//lint:ignore ST1005 the spec's user-facing sentence, shown verbatim as {"detail": …}
			return "", fmt.Errorf("An API key cannot contain invisible formatting characters (this one has %U, such as right-to-left marks or zero-width spaces). Please paste the key exactly as your provider shows it, or type it.", r)
		}
	}
	return k, nil
}

// Last4 returns the last four characters of a key (fewer for tiny keys),
// the only part ever shown again.
func Last4(k string) string {
	r := []rune(k)
	if len(r) > 4 {
		r = r[len(r)-4:]
	}
	return string(r)
}

// Mask renders the stored last four as the UI shows them.
func Mask(last4 string) string {
	if last4 == "" {
		return ""
	}
	return "****" + last4
}

// ParseSecretKey reads a 32-byte key given as 64 hex digits or base64.
func ParseSecretKey(s string) ([]byte, error) {
	s = strings.TrimSpace(s)
	if b, err := hex.DecodeString(s); err == nil && len(b) == 32 {
		return b, nil
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil && len(b) == 32 {
			return b, nil
		}
	}
	return nil, errors.New("SPADE_SECRET_KEY must be 32 bytes written as 64 hex digits or base64")
}

// LoadOrCreateSecretKey returns the configured key, or the one generated
// into dataDir on first start (file mode 0600).
func LoadOrCreateSecretKey(configured, dataDir string) ([]byte, error) {
	if configured != "" {
		return ParseSecretKey(configured)
	}
	path := filepath.Join(dataDir, KeyFile)
	if b, err := os.ReadFile(path); err == nil {
		return ParseSecretKey(string(b))
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) { // another process won the race
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		return ParseSecretKey(string(b))
	}
	if err != nil {
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	if _, err := f.WriteString(hex.EncodeToString(key) + "\n"); err != nil {
		f.Close()
		return nil, err
	}
	return key, f.Close()
}
