package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// dirStore keeps each blob in a file, two levels deep (the first two
// characters of the key) so that no directory grows huge. The layout is the
// one SPADE has always used, so existing data dirs keep working.
type dirStore struct{ dir string }

// Uploads are people's documents: only the user SPADE runs as may list or
// read them (directories 0700; files are 0600 from os.CreateTemp).
const dirMode = 0o700

func openDir(dir string) (*dirStore, error) {
	if err := os.MkdirAll(dir, dirMode); err != nil {
		return nil, fmt.Errorf("blob store: %w", err)
	}
	// A store made by an older version has 0750 directories; closing the
	// top one closes everything below it.
	if st, err := os.Stat(dir); err == nil && st.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(dir, dirMode); err != nil {
			return nil, fmt.Errorf("blob store: %w", err)
		}
	}
	return &dirStore{dir: dir}, nil
}

func (s *dirStore) path(key string) string {
	sub := key
	if len(sub) > 2 {
		sub = sub[:2]
	}
	return filepath.Join(s.dir, sub, key)
}

func (s *dirStore) put(_ context.Context, key string, r io.Reader, size int64) error {
	p := s.path(key)
	if err := os.MkdirAll(filepath.Dir(p), dirMode); err != nil {
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return err
	}
	n, err := io.Copy(f, r)
	if err != nil {
		return fail(fmt.Errorf("write: %w", err))
	}
	if size >= 0 && n != size {
		return fail(fmt.Errorf("write: got %d bytes, want %d", n, size))
	}
	if err := f.Sync(); err != nil {
		return fail(fmt.Errorf("%w: %v", ErrUnavailable, err))
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	if err := os.Rename(tmp, p); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	// The rename is durable only once the directory is synced.
	if d, err := os.Open(filepath.Dir(p)); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}

func (s *dirStore) open(_ context.Context, key string) (io.ReadCloser, error) {
	f, err := os.Open(s.path(key))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	return f, nil
}

func (s *dirStore) size(_ context.Context, key string) (int64, error) {
	fi, err := os.Stat(s.path(key))
	if errors.Is(err, fs.ErrNotExist) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	return fi.Size(), nil
}

func (s *dirStore) del(_ context.Context, key string) error {
	if err := os.Remove(s.path(key)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

func (s *dirStore) list(ctx context.Context, fn func(key string, modified time.Time) error) error {
	return filepath.WalkDir(s.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if d.IsDir() || isTemp(d.Name()) {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return nil // removed meanwhile
		}
		return fn(d.Name(), fi.ModTime())
	})
}

func (s *dirStore) ping(context.Context) error {
	if _, err := os.Stat(s.dir); err != nil {
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	return nil
}
