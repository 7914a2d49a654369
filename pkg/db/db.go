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
		sqlDB.SetMaxOpenConns(25)
		sqlDB.SetMaxIdleConns(10)
		sqlDB.SetConnMaxIdleTime(5 * time.Minute)
		return &DB{DB: g, Dialect: "postgres"}, nil
	default:
		path := strings.TrimPrefix(url, "sqlite://")
		if path == "" {
			return nil, errors.New("open sqlite: empty path")
		}
		if path != ":memory:" {
			if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
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
	p, err := goose.NewProvider(dialect, sqlDB, migrations.FS)
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
