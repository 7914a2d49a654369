// Package blob stores uploaded files, keyed by analysis id, so that analyses
// can be processed and reprocessed later, by any worker on any machine.
//
// A store is named by a URL: file:///path (a local directory, the default
// under the data dir) or s3://bucket?endpoint=…&region=…&use_path_style=true
// for any S3-compatible object store (AWS S3, MinIO, Ceph, R2, versitygw).
// The S3 driver uses the AWS SDK v2 directly rather than gocloud.dev: the SDK
// is already in the module graph, and talking to it directly lets SPADE turn
// "store down" into a 503 and "object missing" into a user-facing detail
// without a portable-error layer in between.
package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"regexp"
	"strings"
	"time"
)

// ErrNotFound is returned for a key with no stored file.
var ErrNotFound = errors.New("blob not found")

// ErrUnavailable means the store could not be reached or refused the
// operation; the api answers 503 and the worker retries.
var ErrUnavailable = errors.New("blob store unavailable")

var keyPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}$`)

// backend is one storage engine. Keys reaching it are already validated.
type backend interface {
	put(ctx context.Context, key string, r io.Reader, size int64) error
	open(ctx context.Context, key string) (io.ReadCloser, error)
	size(ctx context.Context, key string) (int64, error)
	del(ctx context.Context, key string) error
	list(ctx context.Context, fn func(key string, modified time.Time) error) error
	ping(ctx context.Context) error
}

// Store is a blob store behind one URL.
type Store struct {
	b    backend
	name string
}

// Open opens the store named by rawURL; an empty rawURL is the directory
// defaultDir (the uploads directory under SPADE_DATA_DIR).
func Open(ctx context.Context, rawURL, defaultDir string) (*Store, error) {
	if rawURL == "" {
		return OpenDir(defaultDir)
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("blob url: %w", err)
	}
	switch u.Scheme {
	case "file":
		if u.Host != "" && u.Host != "localhost" {
			return nil, fmt.Errorf("blob url %q: want file:///absolute/path", rawURL)
		}
		if u.Path == "" {
			return nil, fmt.Errorf("blob url %q: no path", rawURL)
		}
		return OpenDir(u.Path)
	case "s3":
		b, err := openS3(ctx, u)
		if err != nil {
			return nil, err
		}
		return &Store{b: b, name: Redact(rawURL)}, nil
	}
	return nil, fmt.Errorf("blob url %q: want file:///path or s3://bucket?…", Redact(rawURL))
}

// OpenDir opens a directory store, creating the directory when needed.
func OpenDir(dir string) (*Store, error) {
	b, err := openDir(dir)
	if err != nil {
		return nil, err
	}
	return &Store{b: b, name: "file://" + dir}, nil
}

// Validate checks a SPADE_BLOB_URL without connecting, for config checks.
func Validate(rawURL string) error {
	if rawURL == "" {
		return nil
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return err
	}
	switch u.Scheme {
	case "file":
		if u.Path == "" || (u.Host != "" && u.Host != "localhost") {
			return errors.New("want file:///absolute/path")
		}
		return nil
	case "s3":
		_, err := parseS3(u)
		return err
	}
	return errors.New("want file:///path or s3://bucket?endpoint=…&region=…")
}

// Redact drops credentials from a URL for logs.
func Redact(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "(invalid url)"
	}
	if u.User != nil {
		u.User = url.User("xxx")
	}
	return u.String()
}

// String names the store (no secrets).
func (s *Store) String() string { return s.name }

func checkKey(key string) error {
	if !keyPattern.MatchString(key) {
		return fmt.Errorf("blob key %q: not a valid key", key)
	}
	return nil
}

// Put stores size bytes read from r under key. A reader sees the whole blob
// or none: the file store renames a synced temporary file, S3 makes an
// object visible only when its upload completes. size < 0 means unknown.
func (s *Store) Put(ctx context.Context, key string, r io.Reader, size int64) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if err := s.b.put(ctx, key, r, size); err != nil {
		return fmt.Errorf("blob put %s: %w", key, err)
	}
	return nil
}

// Open streams the blob; the caller closes it.
func (s *Store) Open(ctx context.Context, key string) (io.ReadCloser, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	rc, err := s.b.open(ctx, key)
	if err != nil {
		return nil, fmt.Errorf("blob get %s: %w", key, err)
	}
	return rc, nil
}

// Get reads the whole blob (the worker needs all of it to extract text).
func (s *Store) Get(ctx context.Context, key string) ([]byte, error) {
	rc, err := s.Open(ctx, key)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		return nil, fmt.Errorf("blob get %s: %w: %v", key, ErrUnavailable, err)
	}
	return b, nil
}

// Size returns the stored size of key, or ErrNotFound.
func (s *Store) Size(ctx context.Context, key string) (int64, error) {
	if err := checkKey(key); err != nil {
		return 0, err
	}
	n, err := s.b.size(ctx, key)
	if err != nil {
		return 0, fmt.Errorf("blob stat %s: %w", key, err)
	}
	return n, nil
}

// Delete removes the blob; a missing blob is not an error.
func (s *Store) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if err := s.b.del(ctx, key); err != nil {
		return fmt.Errorf("blob delete %s: %w", key, err)
	}
	return nil
}

// Keys calls fn for every stored key, in no particular order.
func (s *Store) Keys(ctx context.Context, fn func(key string) error) error {
	return s.List(ctx, func(key string, _ time.Time) error { return fn(key) })
}

// List calls fn for every stored key with the time it was stored.
func (s *Store) List(ctx context.Context, fn func(key string, modified time.Time) error) error {
	return s.b.list(ctx, func(key string, modified time.Time) error {
		if checkKey(key) != nil {
			return nil // not ours (a stray file or object)
		}
		return fn(key, modified)
	})
}

// Ping checks that the store answers (health checks).
func (s *Store) Ping(ctx context.Context) error {
	if err := s.b.ping(ctx); err != nil {
		return fmt.Errorf("blob store %s: %w", s.name, err)
	}
	return nil
}

// MigrateStats counts what Migrate did.
type MigrateStats struct {
	Copied, Skipped int
	Bytes           int64
}

// Migrate copies every blob of from into to. A key already in to with the
// same size is skipped, so running it again after an interruption finishes
// the job without copying twice.
func Migrate(ctx context.Context, from, to *Store, progress func(key string, copied bool)) (MigrateStats, error) {
	var st MigrateStats
	err := from.Keys(ctx, func(key string) error {
		n, err := from.Size(ctx, key)
		if err != nil {
			return err
		}
		if m, err := to.Size(ctx, key); err == nil && m == n {
			st.Skipped++
			if progress != nil {
				progress(key, false)
			}
			return nil
		} else if err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
		rc, err := from.Open(ctx, key)
		if err != nil {
			return err
		}
		err = to.Put(ctx, key, rc, n)
		rc.Close()
		if err != nil {
			return err
		}
		st.Copied++
		st.Bytes += n
		if progress != nil {
			progress(key, true)
		}
		return nil
	})
	if err != nil {
		return st, fmt.Errorf("migrate blobs from %s to %s: %w", from, to, err)
	}
	return st, nil
}

// isTemp reports whether a file name is an unfinished upload.
func isTemp(name string) bool { return strings.HasPrefix(name, ".tmp-") }
