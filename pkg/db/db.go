// Package db opens the database (PostgreSQL or the embedded SQLite) with
// gorm and applies the SQL migrations.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pressly/goose/v3"
	"gorm.io/driver/postgres"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
	_ "modernc.org/sqlite" // cgo-free SQLite driver registered as "sqlite"

	"github.com/spade-bpmn/spade/migrations"
)

// DB wraps gorm with the dialect it speaks.
type DB struct {
	*gorm.DB
	Dialect string // "postgres" or "sqlite"
}

// maxPostgresConns is the connection pool of one process on PostgreSQL.
const maxPostgresConns = 25

// Open connects to url: postgres://… or postgresql://… for PostgreSQL,
// sqlite://path or a bare path for SQLite.
func Open(url string) (*DB, error) {
	cfg := &gorm.Config{Logger: logger.Discard, NowFunc: func() time.Time { return time.Now().UTC() }}
	switch {
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		g, err := gorm.Open(postgres.Open(url), cfg)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		sqlDB, err := g.DB()
		if err != nil {
			return nil, err
		}
		// Every open connection may stay idle: with fewer idle than open
		// (it was 10 of 25), each burst above the idle count closed its
		// connections and the next opened new ones, a PostgreSQL backend
		// forked and authenticated each time. In the throughput bench at 3
		// workers (150 clients polling every 100 ms) that was 302 new
		// sessions for 300 analyses; 78 now (the pools filling once).
		sqlDB.SetMaxOpenConns(maxPostgresConns)
		sqlDB.SetMaxIdleConns(maxPostgresConns)
		sqlDB.SetConnMaxIdleTime(5 * time.Minute)
		return &DB{DB: g, Dialect: "postgres"}, nil
	default:
		path := strings.TrimPrefix(url, "sqlite://")
		if path == "" {
			return nil, errors.New("open sqlite: empty path")
		}
		if path != ":memory:" {
			if err := privateFile(path); err != nil {
				return nil, fmt.Errorf("open sqlite: %w", err)
			}
		}
		dsn := "file:" + path + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate"
		g, err := gorm.Open(sqlite.Dialector{DriverName: "sqlite", DSN: dsn}, cfg)
		if err != nil {
			return nil, fmt.Errorf("open sqlite: %w", err)
		}
		sqlDB, err := g.DB()
		if err != nil {
			return nil, err
		}
		// SQLite allows one writer; a few connections let readers (polls)
		// proceed in WAL mode while busy_timeout queues the writers.
		sqlDB.SetMaxOpenConns(4)
		sqlDB.SetMaxIdleConns(4)
		return &DB{DB: g, Dialect: "sqlite"}, nil
	}
}

// Migrate applies every pending migration.
func (d *DB) Migrate(ctx context.Context, log *slog.Logger) error {
	sqlDB, err := d.DB.DB()
	if err != nil {
		return err
	}
	dialect := goose.DialectSQLite3
	if d.Dialect == "postgres" {
		dialect = goose.DialectPostgres
	}
	// Migrations are numbered by the branch that adds them and can land
	// out of order (00011 after 00013): apply a missing lower one instead
	// of refusing to start.
	p, err := goose.NewProvider(dialect, sqlDB, migrations.FS, goose.WithAllowOutofOrder(true))
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	results, err := p.Up(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	for _, r := range results {
		log.Info("migration applied", "version", r.Source.Version, "path", r.Source.Path, "duration", r.Duration)
	}
	return nil
}

// privateFile makes sure the SQLite file at path exists with mode 0600 in
// a directory only its owner can enter (created 0700): it holds every
// analysis and every session. SQLite gives its -wal and -shm files the
// mode of the database file. An existing file is narrowed to 0600.
func privateFile(path string) error {
	dir := filepath.Dir(path)
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return err
		}
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Chmod(p, 0o600); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// Ping checks the connection, for health checks.
func (d *DB) Ping(ctx context.Context) error {
	sqlDB, err := d.DB.DB()
	if err != nil {
		return err
	}
	return sqlDB.PingContext(ctx)
}

// Close closes the pool.
func (d *DB) Close() error {
	sqlDB, err := d.DB.DB()
	if err != nil {
		return err
	}
	return sqlDB.Close()
}

// SQL returns the underlying *sql.DB.
func (d *DB) SQL() *sql.DB {
	s, _ := d.DB.DB()
	return s
}
