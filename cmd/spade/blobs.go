package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/spade-bpmn/spade/pkg/blob"
	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/db"
)

const blobsUsage = `usage: spade blobs migrate --to URL [--from URL]
       spade blobs gc [--older-than 24h] [--dry-run]

migrate copies every stored upload from one store to another, for example
from the data dir to S3-compatible object storage before setting
SPADE_BLOB_URL. Uploads already in the target with the same size are
skipped, so running it again after an interruption finishes the job.
Nothing is deleted.

gc deletes uploads in SPADE_BLOB_URL that no analysis refers to (left by a
process that died between storing an upload and saving its analysis, or a
store that was down when an analysis was deleted). Only uploads older than
--older-than are touched, so uploads in flight are safe.

flags:
`

// cmdBlobs is `spade blobs`.
func cmdBlobs(ctx context.Context, args []string) error {
	return runBlobs(ctx, args, os.Stdout)
}

func runBlobs(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 || (args[0] != "migrate" && args[0] != "gc") {
		fmt.Fprint(out, blobsUsage)
		return errors.New("want: spade blobs migrate --to URL, or spade blobs gc")
	}
	cfg, err := config.Load("text")
	if err != nil {
		return err
	}
	if args[0] == "gc" {
		return runBlobsGC(ctx, cfg, args[1:], out)
	}
	fs := flag.NewFlagSet("blobs migrate", flag.ContinueOnError)
	fs.SetOutput(out)
	from := fs.String("from", cfg.BlobURL, "source store URL (default: SPADE_BLOB_URL, or the data dir's uploads)")
	to := fs.String("to", "", "target store URL: file:///path or s3://bucket?endpoint=…&region=…&use_path_style=true (required)")
	fs.Usage = func() {
		fmt.Fprint(out, blobsUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if *to == "" {
		fs.Usage()
		return errors.New("--to is required")
	}
	if err := blob.Validate(*to); err != nil {
		return fmt.Errorf("--to %s: %w", blob.Redact(*to), err)
	}
	src, err := blob.Open(ctx, *from, filepath.Join(cfg.DataDir, "uploads"))
	if err != nil {
		return err
	}
	dst, err := blob.Open(ctx, *to, "")
	if err != nil {
		return err
	}
	if err := dst.Ping(ctx); err != nil {
		return err
	}
	st, err := blob.Migrate(ctx, src, dst, nil)
	fmt.Fprintf(out, "copied %d uploads (%d bytes), %d already there, from %s to %s\n", st.Copied, st.Bytes, st.Skipped, src, dst)
	return err
}

func runBlobsGC(ctx context.Context, cfg *config.Config, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("blobs gc", flag.ContinueOnError)
	fs.SetOutput(out)
	olderThan := fs.Duration("older-than", 24*time.Hour, "only uploads stored at least this long ago")
	dryRun := fs.Bool("dry-run", false, "print what would be deleted and delete nothing")
	fs.Usage = func() {
		fmt.Fprint(out, blobsUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if *olderThan < time.Minute {
		return errors.New("--older-than must be at least 1m: younger uploads may belong to an analysis being saved")
	}
	store, err := blob.Open(ctx, cfg.BlobURL, filepath.Join(cfg.DataDir, "uploads"))
	if err != nil {
		return err
	}
	d, err := db.Open(cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer d.Close()
	cutoff := time.Now().Add(-*olderThan)
	var orphans []string
	err = store.List(ctx, func(key string, modified time.Time) error {
		if modified.After(cutoff) {
			return nil
		}
		var n int64
		if err := d.DB.WithContext(ctx).Table("analyses").Where("blob_key = ?", key).Count(&n).Error; err != nil {
			return fmt.Errorf("look up upload %s: %w", key, err)
		}
		if n == 0 {
			orphans = append(orphans, key)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if *dryRun {
		for _, k := range orphans {
			fmt.Fprintln(out, k)
		}
		fmt.Fprintf(out, "%d uploads belong to no analysis (dry run: nothing deleted) in %s\n", len(orphans), store)
		return nil
	}
	for _, k := range orphans {
		if err := store.Delete(ctx, k); err != nil {
			return err
		}
	}
	fmt.Fprintf(out, "deleted %d uploads that belong to no analysis from %s\n", len(orphans), store)
	return nil
}
